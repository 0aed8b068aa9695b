import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiUrl,
  configureApi,
  del,
  dispositionFilename,
  download,
  fieldErrors,
  firstFieldError,
  get,
  patch,
  post,
  toApiError,
  upload,
} from './api';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn();

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock.mockReset();
  onUnauthorized.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ getToken: () => 'session-token', onUnauthorized });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('unwraps the envelope and sends the session token under /api', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: { id: 'u1' } }));
    await expect(get('/users/me')).resolves.toEqual({ id: 'u1' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/users/me');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer session-token');
  });

  it('sends objects as JSON', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: null }));
    await patch('/users/me', { bio: 'hi' });
    const { init, headers } = lastCall();
    expect(init.method).toBe('PATCH');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"bio":"hi"}');
  });

  it('builds query strings, skipping empty values', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: [] }));
    await get('/stories', { query: { page: 2, genre: 'Sci-Fi & more', q: '', sort: undefined } });
    expect(lastCall().url).toBe('/api/stories?page=2&genre=Sci-Fi+%26+more');
    expect(apiUrl('stories', { tag: ['a', 'b'], x: null })).toBe('/api/stories?tag=a&tag=b');
  });

  it('uses an explicit token, or none when given null', async () => {
    fetchMock.mockImplementation(async () => json({ success: true, data: {} }));
    await get('/users/me', { token: 'explicit' });
    expect(lastCall().headers.get('Authorization')).toBe('Bearer explicit');
    await get('/stories', { token: null });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('returns the raw body of /auth/token and posts multipart without a JSON type', async () => {
    fetchMock.mockResolvedValue(json({ access_token: 'abc', token_type: 'bearer' }));
    const form = new FormData();
    form.append('username', 'a@b.co');
    form.append('password', 'secret1');
    await expect(post('/auth/token', form)).resolves.toEqual({
      access_token: 'abc',
      token_type: 'bearer',
    });
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('uploads fields as multipart, skipping null ones', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: { id: 's1' } }));
    await upload('/stories', { title: 'T', description: null, cover: undefined, genre: 'Drama' });
    const body = lastCall().init.body as FormData;
    expect(lastCall().init.method).toBe('POST');
    expect([...body.keys()]).toEqual(['title', 'genre']);
  });

  it('resolves undefined for an empty 204 answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(del('/stories/s1')).resolves.toBeUndefined();
  });

  it('sends a DELETE body as JSON when one is given', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: null }));
    await del('/users/me', { body: { password: 'pw' } });
    const { init, headers } = lastCall();
    expect(init.method).toBe('DELETE');
    expect(init.body).toBe('{"password":"pw"}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('returns the Google code exchange answer as it is (no envelope)', async () => {
    const tokens = { access_token: 'a', token_type: 'bearer', refresh_token: 'r' };
    fetchMock.mockResolvedValue(json(tokens));
    await expect(post('/auth/google/exchange', { code: 'c' }, { token: null })).resolves.toEqual(
      tokens,
    );
  });
});

describe('error mapping', () => {
  it('uses the envelope message, code, details and status', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          message: 'Some fields are invalid',
          error: { code: 'invalid_input', details: { email: ['Email is taken', 'x'] } },
        },
        400,
      ),
    );
    const error = await failure(post('/auth/signup', {}));
    expect(error.message).toBe('Some fields are invalid');
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_input');
    expect(firstFieldError(error.details, 'email')).toBe('Email is taken');
  });

  it("defaults an envelope without a message to 'API Error', even on a 200", async () => {
    fetchMock.mockResolvedValue(json({ success: false, error: { code: 'internal' } }, 200));
    const error = await failure(get('/stories'));
    expect(error.message).toBe('API Error');
    expect(error.status).toBe(200);
  });

  it('reads a detail string, or joins the msg parts of a detail list with commas', async () => {
    fetchMock.mockResolvedValueOnce(json({ detail: 'Story not found' }, 404));
    expect((await failure(get('/stories/x'))).message).toBe('Story not found');

    fetchMock.mockResolvedValueOnce(
      json({ detail: [{ msg: 'field required' }, { msg: 'too short' }, { loc: ['x'] }] }, 422),
    );
    const error = await failure(get('/stories/x'));
    expect(error.message).toBe('field required, too short');
    expect(error.status).toBe(422);
  });

  it("falls back to 'HTTP {status} Error' for other error bodies", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await failure(get('/stories'))).message).toBe('HTTP 502 Error');
    fetchMock.mockResolvedValueOnce(json({ oops: true }, 500));
    expect((await failure(get('/stories'))).message).toBe('HTTP 500 Error');
  });

  it('reports a missing response as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(get('/stories'));
    expect(error.message).toBe('Network error. Please check your connection.');
    expect(error.status).toBeUndefined();
    expect(error.code).toBe('network_error');
  });

  it('gives up after the timeout with the network error message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = failure(get('/stories'));
    await vi.advanceTimersByTimeAsync(30_000);
    const error = await pending;
    expect(error.message).toBe('Network error. Please check your connection.');
    expect(error.code).toBe('timeout');
  });

  it('rethrows a cancellation by the caller instead of mapping it', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = get('/stories', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('maps an unreadable success body to the unknown error', async () => {
    fetchMock.mockResolvedValue(
      new Response('{not json', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    expect((await failure(get('/stories'))).message).toBe('Unknown error occurred');
  });

  it('signals a 401 so the session can be cleared', async () => {
    fetchMock.mockResolvedValue(
      json({ success: false, message: 'Please sign in', error: { code: 'unauthorized' } }, 401),
    );
    const error = await failure(get('/users/me'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 when the call asks it to', async () => {
    fetchMock.mockResolvedValue(
      json({ success: false, message: 'Please sign in', error: { code: 'unauthorized' } }, 401),
    );
    const error = await failure(post('/auth/logout', undefined, { ignoreUnauthorized: true }));
    expect(error.status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not signal other statuses', async () => {
    fetchMock.mockResolvedValue(
      json({ success: false, message: 'No', error: { code: 'forbidden' } }, 403),
    );
    await failure(get('/stories/s1'));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('toApiError', () => {
  it('keeps ApiErrors, uses other messages, else the unknown error', () => {
    const original = new ApiError('Nope', { status: 409 });
    expect(toApiError(original)).toBe(original);
    expect(toApiError(new Error('Boom')).message).toBe('Boom');
    expect(toApiError('weird').message).toBe('Unknown error occurred');
    expect(toApiError(new Error('')).message).toBe('Unknown error occurred');
  });
});

describe('field errors', () => {
  it('reads the first message whether the value is a string or a list', () => {
    const details = { username: 'Username is taken', email: ['Invalid', 'Other'], bio: [] };
    expect(firstFieldError(details, 'username')).toBe('Username is taken');
    expect(firstFieldError(details, 'email')).toBe('Invalid');
    expect(firstFieldError(details, 'bio')).toBeUndefined();
    expect(firstFieldError(details, 'missing')).toBeUndefined();
    expect(firstFieldError(undefined, 'email')).toBeUndefined();
    expect(fieldErrors(details)).toEqual({ username: 'Username is taken', email: 'Invalid' });
  });
});

describe('download', () => {
  it('returns the bytes and the attachment name, with the session token', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"a":1}', {
        headers: {
          'Content-Type': 'application/json',
          'Content-Disposition':
            'attachment; filename="Storyloom_data_ann_2025-01-02T03-04-05Z.json"',
        },
      }),
    );
    const file = await download('/users/me/export');
    expect(file.filename).toBe('Storyloom_data_ann_2025-01-02T03-04-05Z.json');
    expect(await file.blob.text()).toBe('{"a":1}');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer session-token');
  });

  it('fails like any request when the server refuses', async () => {
    fetchMock.mockResolvedValue(
      json({ success: false, message: 'Slow down', error: { code: 'too_many_requests' } }, 429),
    );
    expect((await failure(download('/users/me/export'))).message).toBe('Slow down');
  });

  it('reads plain and encoded file names', () => {
    expect(dispositionFilename(null)).toBeNull();
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename('attachment; filename=a.json')).toBe('a.json');
    expect(dispositionFilename("attachment; filename*=UTF-8''caf%C3%A9.json")).toBe('café.json');
  });
});
