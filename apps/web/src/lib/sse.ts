/**
 * A parser of `text/event-stream` (Server-Sent Events) as the HTML standard's "event stream
 * interpretation" reads it, for streams read with `fetch` (which, unlike `EventSource`, can
 * send an `Authorization` header). Feed it text as it arrives, in pieces of any size.
 */

/** One dispatched event. `lastEventId` is the stream's last `id:` up to and including it. */
export type ServerSentEvent = { type: string; data: string; lastEventId: string };

export class EventStreamParser {
  /** The last `id:` seen (kept across connections: send it back as `Last-Event-ID`). */
  lastEventId: string;
  /** The reconnection time the server asked for with `retry:`, in milliseconds. */
  retry: number | null = null;

  private buffer = '';
  /** The previous piece ended in CR: a LF starting the next one belongs to that line end. */
  private afterCr = false;
  private started = false;
  private type = '';
  private data = '';
  private hasData = false;

  constructor(
    private readonly onEvent: (event: ServerSentEvent) => void,
    lastEventId = '',
  ) {
    this.lastEventId = lastEventId;
  }

  /** Parses what arrived; complete lines take effect at once, a partial one waits. */
  feed(piece: string): void {
    let chunk = piece;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    if (this.afterCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.afterCr = false;
    this.buffer += chunk;

    const text = this.buffer;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char !== '\n' && char !== '\r') continue;
      this.line(text.slice(start, i));
      if (char === '\r') {
        if (i + 1 === text.length) this.afterCr = true;
        else if (text[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = text.slice(start);
  }

  /** The stream ended: an event not yet closed by a blank line is dropped, as the standard says. */
  end(): void {
    this.buffer = '';
    this.afterCr = false;
    this.started = false;
    this.type = '';
    this.data = '';
    this.hasData = false;
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return; // a comment: heartbeats
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.type = value;
        break;
      case 'data':
        this.data = this.hasData ? `${this.data}\n${value}` : value;
        this.hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
      // Unknown fields are ignored.
    }
  }

  private dispatch(): void {
    const { type, data, hasData } = this;
    this.type = '';
    this.data = '';
    this.hasData = false;
    if (!hasData) return;
    this.onEvent({ type: type || 'message', data, lastEventId: this.lastEventId });
  }
}
