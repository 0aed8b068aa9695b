import {
  ALL_AGES_RATINGS,
  isMatureRating,
  RATINGS,
  type Rating,
  resolveSettings,
  STORY_WARNINGS,
  type StorySettingsInput,
  type StoryWarning,
} from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction, type Updateable } from 'kysely';
import type { Database, StoriesTable, StoryRow } from '../../db/types.js';
import { findSettings } from '../users/settings-repo.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * Who sees which ratings (docs/decisions/023-ratings.md). One rule, asked by every list: lists,
 * search, home, the feed, More Like This and others' profiles show visitors and readers who have
 * not turned on Show mature content General and Teen stories only; a story by its link answers
 * everyone who may read it (the web shows a notice first), and an author's own lists show all.
 */

/** The ratings `viewer`'s lists may show: all of them only for a reader who opted in. */
export async function listedRatings(db: Exec, viewer: { id: string } | null): Promise<Rating[]> {
  if (!viewer) return [...ALL_AGES_RATINGS];
  const settings = resolveSettings(await findSettings(db, viewer.id));
  return settings.showMatureContent ? [...RATINGS] : [...ALL_AGES_RATINGS];
}

/** What a list shows: the viewer's ratings, narrowed to `requested` when given. */
export function ratingScope(allowed: Rating[], requested: Rating[] | undefined): Rating[] {
  return requested ? allowed.filter((rating) => requested.includes(rating)) : allowed;
}

const isAllAges = (ratings: readonly Rating[]) =>
  ratings.every((rating) => !isMatureRating(rating));

/**
 * The SQL condition for a list of `ratings`, or null for all of them. A scope within General and
 * Teen always carries the literal that the all-ages partial indexes are defined with (migration
 * 009), so SQLite and PostgreSQL can prove it and read those indexes; a bound parameter would not.
 */
export function ratingCondition(
  ratings: readonly Rating[],
  column = 'rating',
): RawBuilder<boolean> | null {
  if (ratings.length === RATINGS.length) return null;
  const col = sql.ref(column);
  const exactly = sql<boolean>`${col} in (${sql.join(ratings.map((r) => sql.lit(r)))})`;
  if (!isAllAges(ratings)) return exactly;
  const allAges = sql<boolean>`${col} in ('general', 'teen')`;
  return ratings.length === ALL_AGES_RATINGS.length
    ? allAges
    : sql<boolean>`${allAges} and ${exactly}`;
}

type RatingColumns = Pick<Updateable<StoriesTable>, 'rating' | 'mature_content' | 'warnings'>;

/** Rating, flag and warnings columns for a create or an edit (`current` absent on create). */
export function ratingColumns(
  input: Pick<StorySettingsInput, 'rating' | 'mature_content' | 'warnings'>,
  current?: Rating,
): RatingColumns {
  const out: RatingColumns = {};
  let rating: Rating | undefined = input.rating;
  if (rating === undefined && input.mature_content !== undefined)
    rating = ratingWithFlag(current ?? 'general', input.mature_content);
  if (rating !== undefined) {
    out.rating = rating;
    out.mature_content = isMatureRating(rating) ? 1 : 0;
  }
  if (input.warnings !== undefined) out.warnings = JSON.stringify(input.warnings);
  return out;
}

/** The old flag as a rating: on lifts General/Teen to Mature, off lowers Mature/Explicit to Teen. */
function ratingWithFlag(rating: Rating, mature: boolean): Rating {
  if (mature === isMatureRating(rating)) return rating;
  return mature ? 'mature' : 'teen';
}

/** A row's warnings, in the fixed order; anything unreadable or unknown is left out. */
export function warningsOf(row: Pick<StoryRow, 'warnings'>): StoryWarning[] {
  try {
    const parsed = JSON.parse(row.warnings) as unknown;
    if (!Array.isArray(parsed)) return [];
    return STORY_WARNINGS.filter((warning) => parsed.includes(warning));
  } catch {
    return [];
  }
}
