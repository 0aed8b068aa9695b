import { Flag, History, Mail, ShieldAlert, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuthStore } from '../../stores/auth-store';
import { ReportQueue } from './components/report-queue';
import { AuditLog, ContactMessages, StaffRoles } from './components/staff-lists';
import { ADMIN_TEXT } from './messages';

const TABS = [
  { value: 'reports', label: ADMIN_TEXT.reportsTab, Icon: Flag, adminOnly: false },
  { value: 'contact', label: ADMIN_TEXT.contactTab, Icon: Mail, adminOnly: false },
  { value: 'audit', label: ADMIN_TEXT.auditTab, Icon: History, adminOnly: true },
  { value: 'roles', label: ADMIN_TEXT.rolesTab, Icon: Users, adminOnly: true },
] as const;

/**
 * /admin (issue 21): the moderation queue and the contact messages for moderators and admins,
 * the audit log and roles for admins. Everyone else is told it is not for them; the API
 * answers them 403 whatever this page shows.
 */
export function AdminPage() {
  const user = useAuthStore((state) => state.user);
  const [params, setParams] = useSearchParams();
  const role = user?.role ?? null;
  if (role !== 'moderator' && role !== 'admin') {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-12">
        <PageTitle title={ADMIN_TEXT.title} />
        <EmptyState icon={ShieldAlert} title={ADMIN_TEXT.notStaff} data-testid="admin-forbidden" />
      </div>
    );
  }
  const tabs = TABS.filter((tab) => !tab.adminOnly || role === 'admin');
  const requested = params.get('tab');
  const tab = tabs.some((t) => t.value === requested) ? requested! : 'reports';
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10" data-testid="admin-page">
      <PageTitle title={ADMIN_TEXT.title} />
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{ADMIN_TEXT.title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{ADMIN_TEXT.intro}</p>
      </header>
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === 'reports' ? {} : { tab: next }, { replace: true })
        }
      >
        <TabsList aria-label="Moderation sections">
          {tabs.map(({ value, label, Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="reports">
          <ReportQueue />
        </TabsContent>
        <TabsContent value="contact">
          <ContactMessages />
        </TabsContent>
        {role === 'admin' ? (
          <>
            <TabsContent value="audit">
              <AuditLog />
            </TabsContent>
            <TabsContent value="roles">
              <StaffRoles selfId={user!.id} />
            </TabsContent>
          </>
        ) : null}
      </Tabs>
    </div>
  );
}
