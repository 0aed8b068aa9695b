import type { StaffMember } from '@storyloom/shared';
import { History, Mail, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  useAuditLog,
  useContactMessages,
  useSetRole,
  useStaffMembers,
} from '../../../api/moderation/staff';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list-error';
import { Pager } from '../../../components/pager';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../stores/toast';
import { ADMIN_TEXT } from '../messages';

const Loading = () => (
  <div className="space-y-2">
    <Skeleton className="h-16 rounded-xl" />
    <Skeleton className="h-16 rounded-xl" />
  </div>
);
const when = (iso: string) =>
  `${formatDate(iso)} ${new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;

/** The contact form's messages, newest first. */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const list = useContactMessages(page);
  if (list.isError)
    return (
      <ListError
        title={ADMIN_TEXT.contactFailed}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  if (!list.data) return <Loading />;
  if (list.data.items.length === 0)
    return <EmptyState icon={Mail} title={ADMIN_TEXT.contactEmpty} />;
  return (
    <section aria-label="Contact messages">
      <ul className="space-y-3">
        {list.data.items.map((m) => (
          <li key={m.id} className="rounded-2xl border bg-card p-4" data-testid="contact-message">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium capitalize">
                {m.topic}
              </span>
              <span className="font-medium">{m.name ?? m.email}</span>
              <a href={`mailto:${m.email}`} className="text-muted-foreground hover:underline">
                {m.email}
              </a>
              {m.username ? (
                <Link to={`/profile/${encodeURIComponent(m.username)}`} className="text-xs">
                  @{m.username}
                </Link>
              ) : null}
              <span className="ml-auto text-xs text-muted-foreground">{when(m.created_at)}</span>
            </div>
            <p className="mt-2 whitespace-pre-line text-sm">{m.message}</p>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        totalPages={Math.ceil(list.data.total / list.data.limit)}
        onPage={setPage}
      />
    </section>
  );
}

const ACTION_LABELS: Record<string, string> = {
  dismiss: 'Dismissed reports',
  hide: 'Hid',
  suspend: 'Suspended the owner of',
  restore: 'Restored',
  grant_admin: 'Made admin',
  grant_moderator: 'Made moderator',
  revoke_role: 'Took the role of',
};

/** Every staff action, newest first: who, what, when and why. Read only. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, true);
  if (log.isError)
    return (
      <ListError
        title={ADMIN_TEXT.auditFailed}
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    );
  if (!log.data) return <Loading />;
  if (log.data.items.length === 0)
    return <EmptyState icon={History} title={ADMIN_TEXT.auditEmpty} />;
  return (
    <section aria-label="Audit log">
      <div className="overflow-x-auto rounded-2xl border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-xs uppercase text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">When</th>
              <th className="px-3 py-2 font-medium">Who</th>
              <th className="px-3 py-2 font-medium">What</th>
              <th className="px-3 py-2 font-medium">Why</th>
            </tr>
          </thead>
          <tbody>
            {log.data.items.map((entry) => (
              <tr key={entry.id} className="border-t align-top" data-testid="audit-entry">
                <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">
                  {when(entry.created_at)}
                </td>
                <td className="px-3 py-2 font-medium">{entry.staff.username}</td>
                <td className="px-3 py-2">
                  {ACTION_LABELS[entry.action] ?? entry.action}{' '}
                  <span className="text-muted-foreground">
                    {entry.target_type}
                    {typeof entry.details?.username === 'string'
                      ? ` ${entry.details.username}`
                      : ''}
                  </span>
                </td>
                <td className="px-3 py-2">{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={Math.ceil(log.data.total / log.data.limit)} onPage={setPage} />
    </section>
  );
}

/** Moderators and admins, and a form to grant or take a role. */
export function StaffRoles({ selfId }: { selfId: string }) {
  const staff = useStaffMembers(true);
  const setRole = useSetRole();
  const [username, setUsername] = useState('');
  const [role, setRoleValue] = useState<'moderator' | 'admin' | 'user'>('moderator');

  const change = async (name: string, next: 'moderator' | 'admin' | 'user') => {
    try {
      await setRole.mutateAsync({ username: name, body: { role: next } });
      toast.success(ADMIN_TEXT.roleSaved);
      return true;
    } catch (error) {
      toast.error(ADMIN_TEXT.roleFailed, errorMessage(error, 'Please try again later.'));
      return false;
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() && (await change(username.trim(), role))) setUsername('');
  };

  return (
    <section aria-label="Roles" className="space-y-6">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2 rounded-2xl border p-4">
        <div className="min-w-48 flex-1">
          <label htmlFor="role-username" className="block text-sm font-medium">
            Username
          </label>
          <Input
            id="role-username"
            className="mt-1.5"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="off"
          />
        </div>
        <Select
          aria-label="Role"
          value={role}
          onChange={(event) => setRoleValue(event.target.value as typeof role)}
          className="w-auto"
        >
          <option value="moderator">Moderator</option>
          <option value="admin">Admin</option>
          <option value="user">No role</option>
        </Select>
        <Button type="submit" disabled={setRole.isPending || !username.trim()}>
          Save role
        </Button>
      </form>
      {staff.isError ? (
        <ListError
          title="Could not load the staff"
          error={staff.error}
          onRetry={() => void staff.refetch()}
        />
      ) : !staff.data ? (
        <Loading />
      ) : staff.data.items.length === 0 ? (
        <EmptyState icon={Users} title="No staff yet" />
      ) : (
        <ul className="divide-y rounded-2xl border">
          {staff.data.items.map((member: StaffMember) => (
            <li
              key={member.id}
              className="flex items-center gap-3 px-4 py-3"
              data-testid="staff-member"
            >
              <Link to={`/profile/${encodeURIComponent(member.username)}`} className="font-medium">
                {member.username}
              </Link>
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs capitalize">
                {member.role}
              </span>
              {member.id === selfId ? (
                <span className="ml-auto text-xs text-muted-foreground">You</span>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  disabled={setRole.isPending}
                  onClick={() => void change(member.username, 'user')}
                >
                  Take role
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
