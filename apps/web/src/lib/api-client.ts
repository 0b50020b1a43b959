import { REQUEST_SPACING_MS } from '@toque/contracts/constants';
import { apiMsg, retryAfterSeconds, tooManyAttemptsMessage } from '@toque/contracts/messages';
import { API_BASE } from '@toque/contracts/routes';
import { tokenStorage } from './storage';

/**
 * An HTTP answer outside 2xx, or no answer at all (status 0). `message` is the server's `{ message }`,
 * except a 429's, which says how many minutes to wait (ACC-04).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The wait a 429 or 503 asked for in `Retry-After`, in seconds, when it said one. */
  readonly retryAfterS: number | undefined;

  /** The answer's other fields beside `message` (FIND-07: `quiet_until_time`). */
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, message: string, retryAfterS?: number, details?: Record<string, unknown>) {
    super(message);
    this.details = details;
    this.name = 'ApiError';
    this.status = status;
    this.retryAfterS = retryAfterS;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The status of a failed call, or 0 when it is not an HTTP answer. */
export function statusOf(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** 'blob' for binary downloads (the spreadsheet report). */
  responseType?: 'json' | 'blob';
  /** Headers beside the client's own (FIND-12: the conversation a recording joins). */
  headers?: Record<string, string>;
}

/** The part of `fetch` the client uses: it always passes a URL string. */
type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  baseUrl?: string;
  spacingMs?: number;
  getToken?: () => string | null;
  fetch?: Fetcher;
}

const NETWORK_ERROR = apiMsg.network;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown, response: Response): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  if (response.status === 503) return apiMsg.busy;
  return response.statusText || `HTTP ${response.status}`;
}

/**
 * ACC-04: the error of a refused answer. A 429 says how long to wait, from `Retry-After`, whatever
 * the server wrote; a 503 keeps the server's own `{ message }` (the busy text when it has none).
 */
async function errorOf(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const retryAfterS = retryAfterSeconds(response.headers.get('retry-after'), Date.now());
  if (response.status === 429) return new ApiError(429, tooManyAttemptsMessage(retryAfterS), retryAfterS);
  const details = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  return new ApiError(response.status, messageOf(body, response), retryAfterS, details);
}

/**
 * The one HTTP client of the web app (API-02): base `/api`, JSON in and out, Bearer token from
 * localStorage, no timeout, and requests with the same method and path started at least
 * `spacingMs` apart. A factory so tests get a client with its own spacing memory.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? API_BASE;
  const spacingMs = options.spacingMs ?? REQUEST_SPACING_MS;
  const getToken = options.getToken ?? tokenStorage.read;
  /** method+path → when the latest request with that key starts (or started). */
  const slots = new Map<string, number>();

  /**
   * Reserves the next start time synchronously, so that several calls made at once queue up
   * one spacing apart instead of all waking together after the first interval.
   */
  async function waitForSlot(key: string): Promise<void> {
    const now = Date.now();
    const previous = slots.get(key);
    const start = previous === undefined ? now : Math.max(now, previous + spacingMs);
    slots.set(key, start);
    if (start > now) await new Promise<void>((resolve) => setTimeout(resolve, start - now));
  }

  /** The answer of one call, once it is a 2xx; a refusal or no answer throws an ApiError. */
  async function send(method: HttpMethod, path: string, init: RequestOptions): Promise<Response> {
    await waitForSlot(`${method} ${path}`);
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | Blob | undefined;
    if (init.body instanceof Blob) {
      // FIND-09: a file goes as its own bytes, typed as the browser knows it.
      headers['Content-Type'] = init.body.type || 'application/octet-stream';
      body = init.body;
    } else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }

    let response: Response;
    try {
      const doFetch: Fetcher = options.fetch ?? globalThis.fetch;
      response = await doFetch(`${baseUrl}${path}`, { method, headers, body, signal: init.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR);
    }

    if (!response.ok) throw await errorOf(response);
    return response;
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const response = await send(method, path, init);
    if (init.responseType === 'blob') return (await response.blob()) as T;
    return (await readBody(response)) as T;
  }

  /** A GET whose answer also says something in its headers (the paginated lists' total, ADM-08). */
  async function getWithHeaders<T>(path: string, init: Omit<RequestOptions, 'body'> = {}) {
    const response = await send('GET', path, init);
    return { data: (await readBody(response)) as T, headers: response.headers };
  }

  return {
    request,
    get: <T>(path: string, init?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, init),
    getWithHeaders,
    post: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('POST', path, { ...init, body }),
    put: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('PUT', path, { ...init, body }),
    patch: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('PATCH', path, { ...init, body }),
    delete: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('DELETE', path, { ...init, body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient = createApiClient();
