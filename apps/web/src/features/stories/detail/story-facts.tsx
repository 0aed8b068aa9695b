import type { StoryDetail } from '@storyloom/shared';
import { Clock, Copyright, FileText, Languages, type LucideIcon, Scale } from 'lucide-react';
import { formatDuration } from '../../../lib/format';
import type { StoryLength } from './contents';
import { plural } from './messages';

interface Fact {
  label: string;
  value: string;
  icon: LucideIcon;
  testId: string;
}

/** Reading time and words (what a reader gets: the published chapters). */
export const lengthValues = (length: StoryLength) => ({
  readingTime: `${formatDuration(length.minutes)} read`,
  words: plural(length.words, 'word', 'words'),
});

/**
 * The story's reading time and length (once its chapters are known), its language and its
 * copyright: one line of short facts under the stats, each named for screen readers.
 */
export function StoryFacts({
  story,
  length,
}: {
  story: StoryDetail;
  length: StoryLength | undefined;
}) {
  const { language, copyright } = story.settings;
  const facts: Fact[] = [];
  if (length && length.chapters > 0) {
    const values = lengthValues(length);
    facts.push(
      {
        label: 'Reading time',
        value: values.readingTime,
        icon: Clock,
        testId: 'fact-reading-time',
      },
      { label: 'Length', value: values.words, icon: FileText, testId: 'fact-words' },
    );
  }
  if (language) {
    facts.push({ label: 'Language', value: language, icon: Languages, testId: 'fact-language' });
  }
  if (copyright) {
    facts.push({
      label: 'Copyright',
      value: copyright,
      icon: copyright === 'Public Domain' ? Scale : Copyright,
      testId: 'fact-copyright',
    });
  }
  if (facts.length === 0) return null;
  return (
    <dl
      className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground"
      data-testid="story-facts"
    >
      {facts.map(({ label, value, icon: Icon, testId }) => (
        <div key={label} className="flex items-center gap-1.5" data-testid={testId}>
          <dt className="flex items-center">
            <Icon className="size-4" aria-hidden="true" />
            <span className="sr-only">{label}</span>
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
