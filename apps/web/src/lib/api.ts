/**
 * The one module that talks to the API: builds URLs under `/api`, attaches the session's bearer
 * token, enforces the request timeout, unwraps the `{success, data}` envelope and turns every
 * failure into an `ApiError` with the messages users read (docs/api.md has the envelope).
 */
import { MESSAGES, TIMINGS } from '@storyloom/shared';

export const API_BASE = '/api';

/** Field -> message (or messages), as the API sends in `error.details`. */
export type FieldErrors = Record<string, string | string[]>;

type ApiErrorInit = {
  status?: number | undefined;
  code?: string | undefined;
  details?: FieldErrors | undefined;
  cause?: unknown;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  /** `error.code` from the envelope, or `network_error` / `timeout` / `unknown`. */
  readonly code: string | undefined;
  readonly details: FieldErrors | undefined;

  constructor(message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  /** `FormData` goes as multipart; anything else is sent as JSON. */
  body?: unknown;
  /** An explicit bearer token; otherwise the session's token is used. */
  token?: string | null;
  headers?: Record<string, string>;
  /** Cancels the request (TanStack Query passes one); a cancelled request rethrows its reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Resolve to the body as a file (`DownloadedFile`) instead of parsing JSON. */
  asFile?: boolean;
  /**
   * A 401 leaves the session alone: for calls about a session this browser is already leaving
   * (Sign Out), whose 401 must not send the page to the login form.
   */
  ignoreUnauthorized?: boolean;
};

/** A file the API sent as an attachment: its bytes and the name from Content-Disposition. */
export type DownloadedFile = { blob: Blob; filename: string | null };

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` or `filename="…"`). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

type SessionHooks = {
  getToken: () => string | null;
  onUnauthorized: () => void;
  /** How requests travel: the browser's fetch, or the server renderer's in-process one. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
};

let session: SessionHooks = {
  getToken: () => null,
  onUnauthorized: () => {},
  fetch: (url, init) => fetch(url, init),
};

/**
 * The auth store plugs the session in here, which keeps this module free of app state; the
 * server renderer plugs in its transport.
 */
export function configureApi(hooks: Partial<SessionHooks>): void {
  session = { ...session, ...hooks };
}

/** Paths that answer outside the envelope (OAuth2-style token endpoints). */
const RAW_PATHS = new Set(['/auth/token', '/auth/google/exchange']);

export function apiUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEnvelope(value: unknown): value is Record<string, unknown> & { success: boolean } {
  return isRecord(value) && typeof value.success === 'boolean';
}

function envelopeError(body: Record<string, unknown>, status: number | undefined): ApiError {
  const error = isRecord(body.error) ? body.error : {};
  const message = typeof body.message === 'string' && body.message ? body.message : undefined;
  return new ApiError(message ?? MESSAGES.apiError, {
    status,
    code: typeof error.code === 'string' ? error.code : undefined,
    details: isRecord(error.details) ? (error.details as FieldErrors) : undefined,
  });
}

/** FastAPI-style `detail`: a string, or a list whose `msg` parts are joined with commas. */
function detailMessage(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail || undefined;
  if (Array.isArray(detail)) {
    const parts = detail
      .map((item) => (typeof item === 'string' ? item : isRecord(item) ? item.msg : undefined))
      .filter((part): part is string => typeof part === 'string' && part.length > 0);
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  return undefined;
}

/** Maps an HTTP error response to an `ApiError`. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  if (isEnvelope(body) && body.success === false) return envelopeError(body, status);
  const detail = isRecord(body) ? detailMessage(body.detail) : undefined;
  return new ApiError(detail ?? MESSAGES.httpError(status), { status });
}

/** Any thrown value as an `ApiError`: its own message if it has one, else the generic one. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.message) {
    return new ApiError(error.message, { code: 'unknown', cause: error });
  }
  return new ApiError(MESSAGES.unknownError, { code: 'unknown', cause: error });
}

/** The message to show for a failure, or `fallback` when it carries none of its own. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The first message for `field` in an error's details (a value may be a string or a list). */
export function firstFieldError(
  details: FieldErrors | null | undefined,
  field: string,
): string | undefined {
  const value = details?.[field];
  const first = Array.isArray(value) ? value.find((item) => typeof item === 'string') : value;
  return typeof first === 'string' && first ? first : undefined;
}

/** Every field's first message, for forms that show errors under their inputs. */
export function fieldErrors(details: FieldErrors | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const field of Object.keys(details ?? {})) {
    const message = firstFieldError(details, field);
    if (message) result[field] = message;
  }
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!response.ok) return undefined;
    throw new ApiError(MESSAGES.unknownError, {
      status: response.status,
      code: 'unknown',
      cause: error,
    });
  }
}

function buildInit(options: RequestOptions, signal: AbortSignal): RequestInit {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = options.token === undefined ? session.getToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, signal, credentials: 'same-origin' };
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const cancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? TIMINGS.requestTimeoutMs);

  try {
    let response: Response;
    try {
      response = await session.fetch(
        apiUrl(path, options.query),
        buildInit(options, controller.signal),
      );
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      const code = controller.signal.aborted ? 'timeout' : 'network_error';
      throw new ApiError(MESSAGES.networkError, { code, cause: error });
    }

    if (options.asFile && response.ok) {
      const file: DownloadedFile = {
        blob: await response.blob(),
        filename: dispositionFilename(response.headers.get('content-disposition')),
      };
      return file as T;
    }
    const body = await readBody(response);
    if (response.status === 401 && !options.ignoreUnauthorized) session.onUnauthorized();
    if (!response.ok) throw errorFromResponse(response.status, body);
    if (RAW_PATHS.has(path) || !isEnvelope(body)) return body as T;
    if (body.success === false) throw envelopeError(body, response.status);
    return body.data as T;
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (error instanceof ApiError) throw error;
    if (controller.signal.aborted) {
      // The timeout fired while the body was still arriving: as good as no response.
      throw new ApiError(MESSAGES.networkError, { code: 'timeout', cause: error });
    }
    throw toApiError(error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const get = <T>(path: string, options?: Options) =>
  request<T>(path, { ...options, method: 'GET' });

export const post = <T>(path: string, body?: unknown, options?: Options) =>
  request<T>(path, { ...options, method: 'POST', body });

export const patch = <T>(path: string, body?: unknown, options?: Options) =>
  request<T>(path, { ...options, method: 'PATCH', body });

export const put = <T>(path: string, body?: unknown, options?: Options) =>
  request<T>(path, { ...options, method: 'PUT', body });

export const del = <T>(path: string, options?: Options & { body?: unknown }) =>
  request<T>(path, { ...options, method: 'DELETE' });

/**
 * Opens a long-lived response (`text/event-stream`) with the session's token and hands back
 * its body unread: no timeout, no envelope. A failure answer is thrown as an `ApiError`, and a
 * 401 ends the session here exactly as it does for every other call.
 */
export async function openStream(
  path: string,
  options: { signal: AbortSignal; headers?: Record<string, string> },
): Promise<ReadableStream<Uint8Array>> {
  const headers = new Headers({ Accept: 'text/event-stream', ...options.headers });
  const token = session.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await session.fetch(apiUrl(path), {
      method: 'GET',
      headers,
      signal: options.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason ?? error;
    throw new ApiError(MESSAGES.networkError, { code: 'network_error', cause: error });
  }
  if (response.ok && response.body) return response.body;
  const body = await readBody(response).catch(() => undefined);
  if (response.status === 401) session.onUnauthorized();
  throw errorFromResponse(response.status, body);
}

/** GET a file attachment (e.g. the data export) with the session's token. */
export const download = (path: string, options?: Omit<Options, 'asFile'>) =>
  request<DownloadedFile>(path, { ...options, method: 'GET', asFile: true });

/** Multipart upload; `null`/`undefined` fields are skipped, as the story form expects. */
export function upload<T>(
  path: string,
  fields: FormData | Record<string, string | Blob | null | undefined>,
  options: Options & { method?: 'POST' | 'PATCH' | 'PUT' } = {},
): Promise<T> {
  let form: FormData;
  if (fields instanceof FormData) {
    form = fields;
  } else {
    form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value !== null && value !== undefined) form.append(key, value);
    }
  }
  return request<T>(path, { ...options, method: options.method ?? 'POST', body: form });
}
