import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { READER_MESSAGES } from '../messages';

interface ChapterPagerProps {
  position: number;
  total: number;
  onPrevious: () => void;
  onNext: () => void;
}

/** Previous / 'n / total' / Next; ← and → do the same from the keyboard. */
export function ChapterPager({ position, total, onPrevious, onNext }: ChapterPagerProps) {
  return (
    <nav
      aria-label="Chapter navigation"
      className="mt-12 flex items-center justify-between gap-3 border-t pt-6"
    >
      <Button
        variant="outline"
        onClick={onPrevious}
        disabled={position <= 1}
        aria-keyshortcuts="ArrowLeft"
        data-testid="previous-chapter"
      >
        <ChevronLeft aria-hidden="true" />
        {READER_MESSAGES.previous}
      </Button>
      <p className="text-sm tabular-nums text-muted-foreground" data-testid="chapter-position">
        {position} / {total}
      </p>
      <Button
        variant={position < total ? 'primary' : 'outline'}
        onClick={onNext}
        disabled={position >= total}
        aria-keyshortcuts="ArrowRight"
        data-testid="next-chapter"
      >
        {READER_MESSAGES.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
