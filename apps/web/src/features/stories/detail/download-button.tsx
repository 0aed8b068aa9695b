import { TAKE_ALONG_MESSAGES } from '@storyloom/shared';
import { Download } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { closedMenu, deferOverlay } from '../../../components/ui/deferred-overlay';

type Story = { storyId: string };

/** The Download ▾ button: the menu's trigger, and its stand-in until the menu's code is there. */
export function DownloadTrigger({
  storyId: _story,
  pending = false,
  ...button
}: ComponentProps<'button'> & Partial<Story> & { pending?: boolean }) {
  return (
    <Button
      variant="outline"
      disabled={pending}
      aria-busy={pending}
      data-testid="download-story"
      {...closedMenu}
      {...button}
    >
      <Download aria-hidden="true" />
      {pending ? TAKE_ALONG_MESSAGES.downloading : TAKE_ALONG_MESSAGES.download}
    </Button>
  );
}

/** Download ▾ EPUB / HTML (issue 23); the menu (download-menu.tsx) loads when reached for. */
export const DownloadButton = deferOverlay<Story>(
  () => import('./download-menu').then((m) => m.DownloadMenu),
  DownloadTrigger,
  { whenIdle: false },
);
