import { describe, expect, it } from 'vitest';
import { EventStreamParser, type ServerSentEvent } from './sse';

function parse(pieces: string[], lastEventId?: string) {
  const events: ServerSentEvent[] = [];
  const parser = new EventStreamParser((event) => events.push(event), lastEventId);
  for (const piece of pieces) parser.feed(piece);
  return { events, parser };
}

/** Every way of cutting `text` in two. */
const cuts = (text: string) =>
  Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

const STREAM =
  ': connected\n\n' +
  'event: count\ndata: {"count":2}\n\n' +
  ': heartbeat\n\n' +
  'event: notification\nid: 41\ndata: {"notification":{"id":"a"},"unread_count":3}\n\n' +
  'retry: 5000\n\n' +
  'event: count\ndata: {"count":0}\n\n';

describe('EventStreamParser', () => {
  it('reads events, their ids and the retry time, and skips comments', () => {
    const { events, parser } = parse([STREAM]);
    expect(events).toEqual([
      { type: 'count', data: '{"count":2}', lastEventId: '' },
      {
        type: 'notification',
        data: '{"notification":{"id":"a"},"unread_count":3}',
        lastEventId: '41',
      },
      // An event without an id keeps the last one, as EventSource does.
      { type: 'count', data: '{"count":0}', lastEventId: '41' },
    ]);
    expect(parser.lastEventId).toBe('41');
    expect(parser.retry).toBe(5000);
  });

  it('gives the same events however the stream is cut into pieces', () => {
    const whole = parse([STREAM]).events;
    for (const pieces of cuts(STREAM)) expect(parse(pieces).events).toEqual(whole);
    expect(parse([...STREAM]).events).toEqual(whole);
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split between pieces', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    const cr = STREAM.replace(/\n/g, '\r');
    const whole = parse([STREAM]).events;
    expect(parse([crlf]).events).toEqual(whole);
    expect(parse([cr]).events).toEqual(whole);
    for (const pieces of cuts(crlf)) expect(parse(pieces).events).toEqual(whole);
  });

  it('joins data lines with newlines and defaults the type to "message"', () => {
    const { events } = parse(['data: first\ndata\ndata:  third\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'first\n\n third', lastEventId: '' }]);
  });

  it('dispatches nothing for an event without data, but keeps its id', () => {
    const { events, parser } = parse(['event: count\nid: 7\n\n']);
    expect(events).toEqual([]);
    expect(parser.lastEventId).toBe('7');
  });

  it('waits for the blank line, and drops an unfinished event when the stream ends', () => {
    const events: ServerSentEvent[] = [];
    const parser = new EventStreamParser((event) => events.push(event));
    parser.feed('event: count\ndata: {"count":1}\n');
    expect(events).toEqual([]);
    parser.end();
    parser.feed('\n');
    expect(events).toEqual([]);
  });

  it('starts from the id of the previous connection, and an empty id clears it', () => {
    const resumed = parse(['event: count\ndata: {"count":1}\n\n'], '12');
    expect(resumed.events[0]?.lastEventId).toBe('12');
    expect(parse(['id\ndata: x\n\n'], '12').parser.lastEventId).toBe('');
  });

  it('ignores a byte order mark, unknown fields, ids with NUL and retry times that are not numbers', () => {
    const { events, parser } = parse(['\ufeffdata: a\nfoo: bar\nid: 1\0\nretry: soon\n\n'], '3');
    expect(events).toEqual([{ type: 'message', data: 'a', lastEventId: '3' }]);
    expect(parser.retry).toBeNull();
  });
});
