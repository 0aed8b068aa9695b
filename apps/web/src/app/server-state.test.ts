import { describe, expect, it } from 'vitest';
import { type ServerState, serializeServerState, takeServerState } from './server-state';

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

/** A stand-in document holding one element's text, as `takeServerState` reads it. */
function docWith(text: string | null) {
  let present = text !== null;
  const element = {
    textContent: text,
    remove: () => {
      present = false;
    },
  };
  return {
    getElementById: () => (present ? element : null),
    get present() {
      return present;
    },
  };
}
const take = (doc: ReturnType<typeof docWith>) => takeServerState(doc as unknown as Document);

describe('server state', () => {
  it('never lets a value close the script element it travels in', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028';
    const text = serializeServerState(state(hostile));
    expect(text).not.toMatch(/<\/?script|<!--/i);
    expect(text).not.toContain('\u2028');
    const doc = docWith(text);
    expect(take(doc)).toEqual(state(hostile));
    // Read once: the element is gone afterwards.
    expect(doc.present).toBe(false);
    expect(take(doc)).toBeNull();
  });

  it('reads nothing from a page without state, or with a broken one', () => {
    expect(take(docWith(null))).toBeNull();
    expect(take(docWith(''))).toBeNull();
    expect(take(docWith('{"queries":'))).toBeNull();
    expect(take(docWith('{"router":{}}'))).toBeNull();
  });
});
