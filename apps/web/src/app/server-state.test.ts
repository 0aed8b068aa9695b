import { describe, expect, it } from 'vitest';
import { readServerState, type ServerState, serializeServerState } from './server-state';

const state = (title: string): ServerState => ({
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['stories', 's1'],
        queryHash: '["stories","s1"]',
        state: { data: { title } } as never,
        dehydratedAt: 0,
      },
    ],
  },
  router: { loaderData: { '0': null }, actionData: null, errors: null },
});

/** A stand-in document holding one element's text, as `readServerState` reads it. */
const docWith = (text: string | null) =>
  ({ getElementById: () => (text === null ? null : { textContent: text }) }) as unknown as Document;

describe('server state', () => {
  it('never lets a value close the script element it travels in', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028';
    const text = serializeServerState(state(hostile));
    expect(text).not.toMatch(/<\/?script|<!--/i);
    expect(text).not.toContain('\u2028');
    expect(readServerState(docWith(text))).toEqual(state(hostile));
  });

  it('reads nothing from a page without state, or with a broken one', () => {
    expect(readServerState(docWith(null))).toBeNull();
    expect(readServerState(docWith(''))).toBeNull();
    expect(readServerState(docWith('{"queries":'))).toBeNull();
    expect(readServerState(docWith('{"router":{}}'))).toBeNull();
  });
});
