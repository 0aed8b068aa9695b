import type { Story } from '@storyloom/shared';

/** For You: popular and latest taken in turns, each story once. */
export function mixForYou(popular: Story[], latest: Story[]): Story[] {
  const seen = new Set<string>();
  const mixed: Story[] = [];
  for (let i = 0; i < Math.max(popular.length, latest.length); i += 1) {
    for (const story of [popular[i], latest[i]]) {
      if (story && !seen.has(story.id)) {
        seen.add(story.id);
        mixed.push(story);
      }
    }
  }
  return mixed;
}
