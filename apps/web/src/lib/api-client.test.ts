import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('[API-02] spaces requests with the same method and path at least 1000 ms apart', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: true }));
    const client = createApiClient({ fetch, getToken: () => null });

    const first = client.get('/profile/userName');
    const second = client.get('/profile/userName');
    const third = client.get('/profile/userName');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);

    // The third waits for its own slot, 1000 ms after the second started — not together with it.
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);

    await expect(Promise.all([first, second, third])).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
  });

  it('[API-02] counts the spacing from when the previous request started, not when it ended', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)))
      .mockImplementation(async () => jsonResponse(200, {}));
    const client = createApiClient({ fetch, getToken: () => null });

    const slow = client.post('/auth/login', { email: 'a' });
    await vi.advanceTimersByTimeAsync(600);
    release(jsonResponse(200, {}));
    await slow;

    const next = client.post('/auth/login', { email: 'a' });
    await vi.advanceTimersByTimeAsync(399);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await next;

    // Once the interval has passed, a request goes at once.
    await vi.advanceTimersByTimeAsync(5000);
    void client.post('/auth/login', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('[API-02] does not delay a different method or a different path', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, {}));
    const client = createApiClient({ fetch, getToken: () => null });

    void client.get('/profile/userName');
    void client.get('/profile/isToqueAdmin');
    void client.put('/profile/userName', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('[API-02] sets no timeout: a slow answer is still awaited', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    const client = createApiClient({ fetch, getToken: () => null });

    const pending = client.get<{ late: boolean }>('/slow');
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[1].signal).toBeUndefined();
    release(jsonResponse(200, { late: true }));
    await expect(pending).resolves.toEqual({ late: true });
  });

  it('[AUTH-05] sends JSON with the Bearer token under /api', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { data: 1 }));
    const client = createApiClient({ fetch, getToken: () => 'tok123' });

    await client.post('/auth/login', { email: 'x@y.z' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ email: 'x@y.z' }));
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok123', 'Content-Type': 'application/json' });
  });

  it('[API-02] reads the token from localStorage by default and sends none without one', async () => {
    vi.useRealTimers();
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, {}));
    const client = createApiClient({ fetch });

    await client.get('/a');
    expect(fetch.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
    window.localStorage.setItem('authToken', 'stored');
    await client.get('/b');
    expect(fetch.mock.calls[1]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer stored' });
  });

  it('[API-03] throws ApiError with the status and the server message', async () => {
    const fetch = vi.fn(async () => jsonResponse(409, { message: 'Usuário já cadastrado.' }));
    const client = createApiClient({ fetch, getToken: () => null });

    const error = await client.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Usuário já cadastrado.' });
  });

  it('[ACC-04] a 429 says how many minutes to wait, from Retry-After, whatever the server wrote', async () => {
    const tooMany = (headers: Record<string, string>) => async () =>
      new Response(JSON.stringify({ message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    const refusal = (headers: Record<string, string>) =>
      createApiClient({ fetch: tooMany(headers), getToken: () => null }).post('/auth/login', {});

    await expect(refusal({ 'Retry-After': '120' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 429,
      retryAfterS: 120,
      message: 'Muitas tentativas. Tente novamente em 2 minutos.',
    });
    await expect(refusal({ 'Retry-After': '30' })).rejects.toMatchObject({
      message: 'Muitas tentativas. Tente novamente em 1 minuto.',
    });
    // An HTTP date, 5 minutes after the (fake) clock's now.
    await expect(refusal({ 'Retry-After': 'Thu, 01 Jan 2026 12:05:00 GMT' })).rejects.toMatchObject({
      message: 'Muitas tentativas. Tente novamente em 5 minutos.',
    });
    await expect(refusal({})).rejects.toMatchObject({
      status: 429,
      message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    });
  });

  it('[ACC-04] a 503 keeps the server message; without one, the busy text', async () => {
    const busy = 'Servidor ocupado no momento. Tente novamente em alguns segundos.';
    const withBody = async () =>
      new Response(JSON.stringify({ message: busy }), { status: 503, headers: { 'Retry-After': '2' } });
    await expect(
      createApiClient({ fetch: withBody, getToken: () => null }).post('/auth/login', {}),
    ).rejects.toMatchObject({
      status: 503,
      retryAfterS: 2,
      message: busy,
    });
    const bare = async () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(createApiClient({ fetch: bare, getToken: () => null }).get('/x')).rejects.toMatchObject({
      status: 503,
      message: busy,
    });
  });

  it('[API-03] a network failure is an ApiError with status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ fetch, getToken: () => null });

    await expect(client.get('/x')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('[ADM-08] getWithHeaders gives the body and the headers (the paginated total)', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify([{ user_id: 'u1' }]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'x-total-count': '42' },
        }),
    );
    const client = createApiClient({ fetch, getToken: () => 'tok' });
    const { data, headers } = await client.getWithHeaders<Array<{ user_id: string }>>('/products/listQrcodes?page=2');
    expect(data).toEqual([{ user_id: 'u1' }]);
    expect(headers.get('x-total-count')).toBe('42');
    await expect(
      createApiClient({ fetch: async () => jsonResponse(403, { message: 'Acesso negado.' }), getToken: () => null }).getWithHeaders('/x'),
    ).rejects.toMatchObject({ status: 403, message: 'Acesso negado.' });
  });
});
