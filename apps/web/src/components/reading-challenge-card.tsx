import { DISCOVERY } from '@storyloom/shared';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { useMyStats } from '../api/me/get-my-stats';
import { buttonClasses } from './ui/button';
import { Skeleton } from './ui/skeleton';

const GOAL = DISCOVERY.readingChallengeGoal;

/**
 * The Monthly Reading Challenge: read 10 stories this month. Signed in, the progress counts the
 * user's real reads this calendar month (UTC); a visitor sees the card and 'Start Challenge',
 * which sends them to sign up.
 */
export function ReadingChallengeCard({
  signedIn,
  compact = false,
}: {
  signedIn: boolean;
  compact?: boolean;
}) {
  const stats = useMyStats(signedIn);
  const challenge = stats.data?.reading_challenge;
  const read = Math.min(challenge?.stories_read ?? 0, challenge?.goal ?? GOAL);
  const goal = challenge?.goal ?? GOAL;

  return (
    <section
      aria-labelledby="reading-challenge-title"
      data-testid="reading-challenge"
      className={compact ? 'rounded-2xl border bg-card p-5' : 'challenge-banner'}
    >
      <div className={compact ? 'flex items-center gap-2' : 'flex items-center gap-3'}>
        <Trophy
          className={compact ? 'size-5 text-amber-500' : 'size-8 text-white'}
          aria-hidden="true"
        />
        <h2
          id="reading-challenge-title"
          className={compact ? 'font-semibold' : 'font-serif text-2xl font-bold sm:text-3xl'}
        >
          Monthly Reading Challenge
        </h2>
      </div>
      <p className={compact ? 'mt-2 text-sm text-muted-foreground' : 'mt-3 max-w-xl text-white/90'}>
        {`Read ${GOAL} stories this month${compact ? '.' : ' and discover voices you would never have found otherwise.'}`}
      </p>
      {signedIn ? (
        stats.isPending ? (
          <Skeleton className="mt-4 h-3 w-full" />
        ) : stats.isError ? (
          <p className={compact ? 'mt-4 text-sm text-muted-foreground' : 'mt-4 text-white/90'}>
            Your progress could not be loaded right now.
          </p>
        ) : (
          <div className="mt-4">
            <div className="flex items-baseline justify-between text-sm font-medium">
              <span>{challenge?.completed ? 'Challenge complete!' : 'Your progress'}</span>
              <span data-testid="challenge-progress">
                {read}/{goal}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label="Stories read this month"
              aria-valuemin={0}
              aria-valuemax={goal}
              aria-valuenow={read}
              className={
                compact
                  ? 'mt-2 h-2.5 overflow-hidden rounded-full bg-muted'
                  : 'mt-2 h-3 overflow-hidden rounded-full bg-white/25'
              }
            >
              <div
                className={
                  compact ? 'h-full rounded-full bg-amber-500' : 'h-full rounded-full bg-white'
                }
                style={{ width: `${(read / goal) * 100}%` }}
              />
            </div>
          </div>
        )
      ) : (
        <Link
          to="/auth/signup"
          className={buttonClasses({
            size: 'lg',
            variant: 'secondary',
            className: 'mt-6 bg-white! text-orange-700! hover:bg-white/90!',
          })}
        >
          Start Challenge
        </Link>
      )}
    </section>
  );
}
