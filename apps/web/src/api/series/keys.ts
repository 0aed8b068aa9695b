/** Query keys of series (docs/decisions/029-series.md). */
export const seriesKeys = {
  all: ['series'] as const,
  /** `GET /series/{id}`: the series page. */
  detail: (id: string) => ['series', id] as const,
  /** `GET /users/me/series`: the author's own, on My Stories. */
  mine: ['series', 'mine'] as const,
};
