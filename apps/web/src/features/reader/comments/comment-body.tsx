import { AppLink } from '../../../components/ui/app-link';
import { tokenizeComment } from './comment-text';

/**
 * A comment's text as React elements: line breaks kept (white-space: pre-wrap), web links
 * opening in a new tab without passing on trust or the page, mentions linked to profiles.
 */
export function CommentBody({ body }: { body: string }) {
  return (
    <p className="comment-body" data-testid="comment-body">
      {tokenizeComment(body).map((token, index) => {
        if (token.kind === 'link') {
          return (
            <a
              // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
              key={index}
              href={token.href}
              target="_blank"
              rel="nofollow ugc noopener"
              className="comment-link"
            >
              {token.text}
            </a>
          );
        }
        if (token.kind === 'mention') {
          return (
            <AppLink
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              key={index}
              to={`/profile/${encodeURIComponent(token.username)}`}
              className="comment-link font-medium"
            >
              {token.text}
            </AppLink>
          );
        }
        return token.text;
      })}
    </p>
  );
}
