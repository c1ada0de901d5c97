import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, API_TIMEOUT_MS } from './api-client.js';

function respond(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body, { status, statusText, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('calls /api with credentials, JSON body and bearer token, and resolves with the JSON', async () => {
    const fetchMock = respond(200, '{"success":true,"token":"t"}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/admin/login', { body: { username: 'a' }, token: 'abc' })).resolves.toEqual({ success: true, token: 't' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/login');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"a"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
  });

  it("rejects with the server's JSON body on an error status", async () => {
    vi.stubGlobal('fetch', respond(400, '{"success":false,"error":"Valid email required","fields":{"email":"Valid email required"}}'));
    await expect(apiRequest('POST', '/payment/create-order', { body: {} })).rejects.toEqual({
      success: false,
      error: 'Valid email required',
      fields: { email: 'Valid email required' },
      status: 400,
    });
  });

  it('rejects with the status text when the body is not JSON, else Unknown error', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>bad gateway</html>', 'Bad Gateway'));
    await expect(apiRequest('GET', '/health')).rejects.toEqual({ success: false, error: 'Bad Gateway', status: 502 });
    vi.stubGlobal('fetch', respond(500, ''));
    await expect(apiRequest('GET', '/health')).rejects.toEqual({ success: false, error: 'Unknown error', status: 500 });
  });

  it('rejects with the network error message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('GET', '/health')).rejects.toEqual({ success: false, error: 'Failed to fetch' });
  });

  it('gives up after 30 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const pending = apiRequest('GET', '/health');
    const assertion = expect(pending).rejects.toEqual({ success: false, error: 'Request timed out' });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    await assertion;
  });
});
