import { type DownloadFormat, TAKE_ALONG_MESSAGES } from '@storyloom/shared';
import { BookDown, FileCode } from 'lucide-react';
import { useState } from 'react';
import { downloadStory } from '../../../api/stories/download-story';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { errorMessage } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../stores/toast';
import { DownloadTrigger } from './download-button';

/**
 * Download ▾ EPUB / HTML: the story's published chapters as a file to keep (issue 23). Loaded when
 * its button (download-button.tsx) is reached for.
 */
export function DownloadMenu({ storyId, defaultOpen }: { storyId: string; defaultOpen?: boolean }) {
  const [pending, setPending] = useState(false);
  const take = async (format: DownloadFormat) => {
    setPending(true);
    try {
      saveFile(await downloadStory(storyId, format), `story.${format}`);
    } catch (error) {
      // The server's reason when it gives one (a Mature story), else the general failure.
      const reason = errorMessage(error, '');
      toast.error(TAKE_ALONG_MESSAGES.downloadFailed, reason || undefined);
    } finally {
      setPending(false);
    }
  };
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <DownloadTrigger pending={pending} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => void take('epub')} data-testid="download-epub">
          <BookDown aria-hidden="true" />
          {TAKE_ALONG_MESSAGES.downloadEpub}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void take('html')} data-testid="download-html">
          <FileCode aria-hidden="true" />
          {TAKE_ALONG_MESSAGES.downloadHtml}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
