import { type DownloadFormat, TAKE_ALONG_MESSAGES } from '@storyloom/shared';
import { BookDown, Download, FileCode } from 'lucide-react';
import { useState } from 'react';
import { downloadStory } from '../../../api/stories/download-story';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { errorMessage } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../stores/toast';

/** Download ▾ EPUB / HTML: the story's published chapters as a file to keep (issue 23). */
export function DownloadMenu({ storyId }: { storyId: string }) {
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
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          disabled={pending}
          aria-busy={pending}
          data-testid="download-story"
        >
          <Download aria-hidden="true" />
          {pending ? TAKE_ALONG_MESSAGES.downloading : TAKE_ALONG_MESSAGES.download}
        </Button>
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
