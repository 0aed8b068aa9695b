import {
  READER_FONT_LABELS,
  READER_THEME_AUTO,
  READING_RANGES,
  type ReaderFontFamily,
  type ReaderTextAlign,
  type ReaderTheme,
  roundLineHeight,
} from '@storyloom/shared';
import { AlignCenter, AlignJustify, AlignLeft, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { READER_MESSAGES } from '../messages';
import { useReadingPreferences } from '../use-reading-preferences';
import { type Option, OptionGroup } from './option-group';
import { RangeField } from './range-field';

/** Each swatch shows the theme's own paper and ink. */
const swatch = (theme: ReaderTheme) => (
  <span
    aria-hidden="true"
    className="reader-swatch flex h-7 w-10 items-center justify-center rounded border font-serif text-sm font-semibold"
    data-reader-theme={theme}
  >
    Aa
  </span>
);

const THEME_OPTIONS: Option<ReaderTheme>[] = [
  { value: 'light', label: 'Light', visual: swatch('light') },
  { value: 'sepia', label: 'Sepia', visual: swatch('sepia') },
  { value: 'dark', label: 'Dark', visual: swatch('dark') },
  { value: 'night', label: 'Night', visual: swatch('night') },
];

const FONT_OPTIONS: Option<ReaderFontFamily>[] = (
  [
    ['serif', 'Serif'],
    ['sans-serif', 'Sans-serif'],
    ['monospace', 'Monospace'],
  ] as const
).map(([value, label]) => ({
  value,
  label,
  hint: READER_FONT_LABELS[value],
  // The stacks are defined once, in reader.css.
  labelStyle: { fontFamily: `var(--reader-font-${value})` },
}));

const ALIGN_OPTIONS: Option<ReaderTextAlign>[] = [
  { value: 'left', label: 'Left', visual: <AlignLeft className="size-4" aria-hidden="true" /> },
  {
    value: 'center',
    label: 'Center',
    visual: <AlignCenter className="size-4" aria-hidden="true" />,
  },
  {
    value: 'justify',
    label: 'Justify',
    visual: <AlignJustify className="size-4" aria-hidden="true" />,
  },
];

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-2">
      <h3 id={id} className="text-sm font-medium">
        {title}
      </h3>
      {children}
    </section>
  );
}

const THEME_HINT_ID = 'reader-theme-hint';

interface ReadingSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Theme, font size, line height, font family and alignment, applied as they change. */
export function ReadingSettingsDialog({ open, onOpenChange }: ReadingSettingsDialogProps) {
  const { preferences, update, reset } = useReadingPreferences();
  const { fontSize, lineHeight } = READING_RANGES;
  const { theme } = preferences;
  const following = theme === READER_THEME_AUTO;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        data-testid="reading-settings"
      >
        <DialogTitle>{READER_MESSAGES.settingsTitle}</DialogTitle>
        <DialogDescription>Changes apply to the page as you make them.</DialogDescription>
        <div className="mt-5 space-y-6">
          <Section id="reader-theme-label" title="Theme">
            {/* Until a theme is picked none is checked: the page follows the site's. */}
            <OptionGroup
              labelId="reader-theme-label"
              descriptionId={following ? THEME_HINT_ID : undefined}
              value={theme === READER_THEME_AUTO ? null : theme}
              onChange={(picked) => update({ theme: picked })}
              options={THEME_OPTIONS}
              columns={4}
            />
            {following ? (
              <p id={THEME_HINT_ID} className="text-xs text-muted-foreground">
                {READER_MESSAGES.themeFollowsSite}
              </p>
            ) : null}
          </Section>
          <RangeField
            id="reader-font-size"
            label="Font Size"
            value={preferences.fontSize}
            {...fontSize}
            format={(value) => `${value}px`}
            onChange={(value) => update({ fontSize: value })}
          />
          <RangeField
            id="reader-line-height"
            label="Line Height"
            value={preferences.lineHeight}
            {...lineHeight}
            format={(value) => roundLineHeight(value).toFixed(1)}
            onChange={(value) => update({ lineHeight: roundLineHeight(value) })}
          />
          <Section id="reader-font-label" title="Font Family">
            <OptionGroup
              labelId="reader-font-label"
              value={preferences.fontFamily}
              onChange={(fontFamily) => update({ fontFamily })}
              options={FONT_OPTIONS}
              columns={3}
            />
          </Section>
          <Section id="reader-align-label" title="Text Alignment">
            <OptionGroup
              labelId="reader-align-label"
              value={preferences.textAlign}
              onChange={(textAlign) => update({ textAlign })}
              options={ALIGN_OPTIONS}
              columns={3}
            />
          </Section>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={reset}>
            <RotateCcw aria-hidden="true" />
            {READER_MESSAGES.resetDefaults}
          </Button>
          <DialogClose asChild>
            <Button>{READER_MESSAGES.done}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
