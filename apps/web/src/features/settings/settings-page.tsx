import type { UserSettings } from '@storyloom/shared';
import { ArrowLeft, Bell, Monitor, Save, Shield, User, UserLock } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListError } from '../../components/list-error';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuthStore } from '../../stores/auth-store';
import { AccountTab } from './components/account-tab';
import { DisplayTab } from './components/display-tab';
import { NotificationsTab } from './components/notifications-tab';
import { PrivacyTab } from './components/privacy-tab';
import { SecurityTab } from './components/security-tab';
import { type SettingsForm, useSettingsForm } from './hooks/use-settings-form';
import { SETTINGS_TEXT } from './messages';

const TABS = [
  { value: 'account', label: 'Account', Icon: User },
  { value: 'privacy', label: 'Privacy', Icon: UserLock },
  { value: 'notifications', label: 'Notifications', Icon: Bell },
  { value: 'display', label: 'Display', Icon: Monitor },
  { value: 'security', label: 'Security', Icon: Shield },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

/** /settings: five tabs; Save Changes appears once something changed. */
export function SettingsPage() {
  const user = useAuthStore((state) => state.user);
  const form = useSettingsForm();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'account';
  const tabList = useRef<HTMLDivElement>(null);

  // On a narrow screen the tab row scrolls: keep the open tab in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the open tab changes
  useEffect(() => {
    const active = tabList.current?.querySelector<HTMLElement>(`[data-state="active"]`);
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/feed');
  };

  const withSettings = (
    render: (values: UserSettings, update: SettingsForm['update']) => ReactNode,
  ) =>
    form.values ? (
      render(form.values, form.update)
    ) : form.query.isError ? (
      <ListError
        title="Could not load your settings"
        error={form.query.error}
        onRetry={() => void form.query.refetch()}
      />
    ) : (
      <SettingsSkeleton />
    );

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pb-12" data-testid="settings-page">
      <PageTitle title={SETTINGS_TEXT.title} />
      <header className="z-30 -mx-4 mb-6 border-b bg-background/90 px-4 py-4 backdrop-blur md:sticky md:top-16">
        <div className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2">
            <Button variant="ghost" size="icon" onClick={back} aria-label={SETTINGS_TEXT.back}>
              <ArrowLeft aria-hidden="true" />
            </Button>
            <h1 className="font-serif text-2xl font-bold tracking-tight">{SETTINGS_TEXT.title}</h1>
            {form.dirty ? (
              <span
                className="hidden items-center gap-1.5 rounded-full bg-warning/15 px-2.5 py-0.5 text-xs font-medium text-amber-800 sm:inline-flex dark:text-warning"
                data-testid="unsaved-indicator"
              >
                <span className="size-1.5 rounded-full bg-warning" aria-hidden="true" />
                {SETTINGS_TEXT.unsaved}
              </span>
            ) : null}
          </div>
          {form.dirty ? (
            <Button onClick={form.save} disabled={form.saving} data-testid="save-settings">
              <Save aria-hidden="true" />
              {form.saving ? SETTINGS_TEXT.saving : SETTINGS_TEXT.saveChanges}
            </Button>
          ) : null}
        </div>
      </header>

      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === 'account' ? {} : { tab: next }, { replace: true })
        }
      >
        <TabsList
          aria-label="Settings sections"
          ref={tabList}
          className="max-sm:grid max-sm:grid-cols-3"
        >
          {TABS.map(({ value, label, Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="account">
          {user ? <AccountTab user={user} /> : <SettingsSkeleton />}
        </TabsContent>
        <TabsContent value="privacy">
          {withSettings((values, update) => (
            <PrivacyTab values={values} update={update} />
          ))}
        </TabsContent>
        <TabsContent value="notifications">
          {withSettings((values, update) => (
            <NotificationsTab values={values} update={update} />
          ))}
        </TabsContent>
        <TabsContent value="display">
          {withSettings((values, update) => (
            <DisplayTab values={values} update={update} />
          ))}
        </TabsContent>
        <TabsContent value="security">
          {withSettings((values, update) => (
            <SecurityTab values={values} update={update} />
          ))}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading settings">
      {[0, 1].map((key) => (
        <div key={key} className="space-y-4 rounded-2xl border p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
