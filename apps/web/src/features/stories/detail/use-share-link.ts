import { toast } from '../../../stores/toast';
import { DETAIL_MESSAGES } from './messages';

/** The old way, for browsers without the async clipboard (or a page that is not focused). */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies `url` to the clipboard and says so ('Link copied!'); says plainly when it cannot. */
export async function shareLink(url: string): Promise<void> {
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(url);
      copied = true;
    }
  } catch {
    // Permission refused or no focus: try the selection fallback below.
  }
  if (!copied) copied = copyWithSelection(url);
  if (copied) toast.success(DETAIL_MESSAGES.linkCopied);
  else toast.error(DETAIL_MESSAGES.copyFailedTitle, url);
}

/** The story's address to share: always the canonical story page, never the current query. */
export const storyUrl = (id: string) =>
  `${window.location.origin}/stories/${encodeURIComponent(id)}`;
