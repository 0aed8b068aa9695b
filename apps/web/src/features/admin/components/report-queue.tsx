import {
  MODERATION_MESSAGES,
  type ModerationAction,
  REPORT_REASON_LABELS,
  type ReportGroup,
  type ReportStatus,
} from '@storyloom/shared';
import { EyeOff, Flag, RotateCcw, ShieldCheck, UserX, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReportQueue, useResolveReport } from '../../../api/moderation/staff';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list-error';
import { Pager } from '../../../components/pager';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../stores/toast';
import { ADMIN_TEXT } from '../messages';

const SUSPEND_DAYS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'good', label: 'For good' },
] as const;

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';

/** One reported target: what it is, in context, why it was reported, and the actions. */
function ReportCard({ group, status }: { group: ReportGroup; status: ReportStatus }) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<(typeof SUSPEND_DAYS)[number]['value']>('7');
  const [error, setError] = useState('');
  const resolve = useResolveReport();
  const target = group.target;
  const hideable = group.target_type !== 'user';
  const restorable = target !== null && (target.hidden || target.owner_suspended);

  const act = async (action: ModerationAction) => {
    if (!reason.trim()) {
      setError(MODERATION_MESSAGES.actionReasonRequired);
      return;
    }
    setError('');
    try {
      await resolve.mutateAsync({
        id: group.report_id,
        body: {
          action,
          reason: reason.trim(),
          days: action === 'suspend' && days !== 'good' ? Number(days) : undefined,
        },
      });
      toast.success(ADMIN_TEXT.actionDone[action]);
    } catch (failure) {
      toast.error(ADMIN_TEXT.actionFailed, errorMessage(failure, 'Please try again later.'));
    }
  };

  const reasonId = `reason-${group.report_id}`;
  return (
    <li className="rounded-2xl border bg-card p-4 sm:p-5" data-testid="report-group">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`${badge} bg-muted capitalize text-foreground`}>{group.target_type}</span>
        <span className={`${badge} bg-destructive/10 text-destructive`}>
          <Flag className="mr-1 inline size-3" aria-hidden="true" />
          {group.count} {group.count === 1 ? 'report' : 'reports'}
        </span>
        {target?.hidden ? (
          <span className={`${badge} bg-warning/15 text-foreground`}>Hidden</span>
        ) : null}
        {target?.owner_suspended ? (
          <span className={`${badge} bg-warning/15 text-foreground`}>Owner suspended</span>
        ) : null}
        <span className="ml-auto text-xs text-muted-foreground">
          first {formatRelativeTime(group.first_reported_at)}
        </span>
      </div>

      {target ? (
        <div className="mt-3">
          <p className="font-semibold">
            {target.url ? (
              <Link to={target.url} className="hover:underline" data-testid="report-target-link">
                {target.title}
              </Link>
            ) : (
              target.title
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            {target.story_title ? `in ${target.story_title} · ` : ''}
            {target.owner ? (
              <>
                by{' '}
                <Link to={`/profile/${encodeURIComponent(target.owner.username)}`}>
                  {target.owner.username}
                </Link>
              </>
            ) : (
              'by a deleted account'
            )}
          </p>
          {target.excerpt ? (
            <blockquote className="mt-2 border-l-2 pl-3 text-sm text-muted-foreground">
              {target.excerpt}
            </blockquote>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{ADMIN_TEXT.gone}</p>
      )}

      <div className="mt-3 flex flex-wrap gap-1.5">
        {group.reasons.map((r) => (
          <span key={r} className={`${badge} border`}>
            {REPORT_REASON_LABELS[r]}
          </span>
        ))}
      </div>
      {group.notes.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {group.notes.map((note, i) => (
            // Notes have no id of their own; their order is fixed by the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className="rounded-lg bg-muted px-3 py-1.5">
              “{note}”
            </li>
          ))}
        </ul>
      ) : null}
      {group.resolution ? (
        <p className="mt-2 text-xs text-muted-foreground">Handled: {group.resolution}</p>
      ) : null}

      {status === 'open' || restorable ? (
        <div className="mt-4 space-y-3 border-t pt-4">
          <div>
            <label htmlFor={reasonId} className="block text-sm font-medium">
              {ADMIN_TEXT.reasonLabel}
            </label>
            <Input
              id={reasonId}
              className="mt-1.5"
              value={reason}
              placeholder={ADMIN_TEXT.reasonPlaceholder}
              maxLength={500}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setReason(event.target.value)}
              data-testid="action-reason"
            />
            {error ? (
              <p role="alert" className="mt-1 text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {status === 'open' ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={resolve.isPending}
                  onClick={() => void act('dismiss')}
                  data-testid="action-dismiss"
                >
                  <X aria-hidden="true" />
                  Dismiss
                </Button>
                {hideable ? (
                  <Button
                    variant="destructive"
                    size="sm"
                    disabled={resolve.isPending}
                    onClick={() => void act('hide')}
                    data-testid="action-hide"
                  >
                    <EyeOff aria-hidden="true" />
                    Hide {group.target_type}
                  </Button>
                ) : null}
                <span className="inline-flex items-center gap-1.5">
                  <Select
                    aria-label="Suspend for"
                    value={days}
                    onChange={(event) => setDays(event.target.value as typeof days)}
                    className="h-8 w-auto text-sm"
                  >
                    {SUSPEND_DAYS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                  <Button
                    variant="destructive"
                    size="sm"
                    disabled={resolve.isPending || !target?.owner}
                    onClick={() => void act('suspend')}
                    data-testid="action-suspend"
                  >
                    <UserX aria-hidden="true" />
                    Suspend {group.target_type === 'user' ? 'user' : 'author'}
                  </Button>
                </span>
              </>
            ) : null}
            {restorable ? (
              <Button
                variant="outline"
                size="sm"
                disabled={resolve.isPending}
                onClick={() => void act('restore')}
                data-testid="action-restore"
              >
                <RotateCcw aria-hidden="true" />
                Restore
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The queue: reports grouped by target, oldest first, with handled ones a filter away. */
export function ReportQueue() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [page, setPage] = useState(1);
  const queue = useReportQueue(status, page);
  const data = queue.data;
  return (
    <section aria-label="Reports" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {data ? `${data.total} ${data.total === 1 ? 'target' : 'targets'}` : '\u00a0'}
        </p>
        <Select
          aria-label="Show reports"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ReportStatus);
            setPage(1);
          }}
          className="w-auto"
          data-testid="report-status"
        >
          <option value="open">Open</option>
          <option value="resolved">Acted on</option>
          <option value="dismissed">Dismissed</option>
        </Select>
      </div>
      {queue.isError ? (
        <ListError
          title={ADMIN_TEXT.queueFailed}
          error={queue.error}
          onRetry={() => void queue.refetch()}
        />
      ) : !data ? (
        <div className="space-y-3">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title={status === 'open' ? ADMIN_TEXT.queueEmpty : ADMIN_TEXT.handledEmpty}
          description={status === 'open' ? ADMIN_TEXT.queueEmptyHint : undefined}
        />
      ) : (
        <ul className="space-y-3">
          {data.items.map((group) => (
            <ReportCard
              key={`${group.target_type}:${group.target_id}`}
              group={group}
              status={status}
            />
          ))}
        </ul>
      )}
      {data ? (
        <Pager page={page} totalPages={Math.ceil(data.total / data.limit)} onPage={setPage} />
      ) : null}
    </section>
  );
}
