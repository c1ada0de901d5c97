import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, apiStream, API_TIMEOUT_MS, type ApiStreamReader } from './api-client.js';

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

  it('logs a 4xx (an unknown pincode, a wrong password, an order not found) as information, and only 5xx and network failures as console errors', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      for (const [status, path] of [[404, '/pincodes/999999'], [401, '/admin/login'], [404, '/track'], [400, '/payment/create-order'], [409, '/payment/create-order']] as const) {
        vi.stubGlobal('fetch', respond(status, '{"success":false,"error":"No"}'));
        await expect(apiRequest('POST', path)).rejects.toMatchObject({ status });
      }
      expect(error).not.toHaveBeenCalled();
      expect(info).toHaveBeenCalledWith('API answer', 'POST', '/pincodes/999999', 404, { success: false, error: 'No' });
      vi.stubGlobal('fetch', respond(503, '{"success":false,"error":"Down"}'));
      await expect(apiRequest('GET', '/health')).rejects.toMatchObject({ status: 503 });
      vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
      await expect(apiRequest('GET', '/health')).rejects.toMatchObject({ error: 'Failed to fetch' });
      expect(error.mock.calls.map((call) => call[0])).toEqual(['API error response', 'API request failed']);
      // A call its caller dropped is not an error either.
      const caller = new AbortController();
      vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))));
      const dropped = apiRequest('GET', '/pincodes/560034', { signal: caller.signal });
      caller.abort();
      await expect(dropped).rejects.toMatchObject({ success: false });
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      error.mockRestore();
      info.mockRestore();
    }
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

/** A streamed answer whose chunks the test pushes one by one. */
function streamedResponse(status = 200) {
  let push!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { 'Content-Type': 'application/x-ndjson' } }),
    send: (text: string) => push.enqueue(encoder.encode(text)),
    end: () => push.close(),
    /** What an aborted fetch does to its body. */
    abort: () => push.error(new DOMException('The operation was aborted.', 'AbortError')),
  };
}

async function readAll(reader: ApiStreamReader): Promise<string> {
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += value;
  }
}

describe('apiStream', () => {
  it('calls /api like apiRequest (credentials, bearer token, Accept) and reads the text as it arrives', async () => {
    const stream = streamedResponse();
    const fetchMock = vi.fn(async () => stream.response);
    vi.stubGlobal('fetch', fetchMock);
    const reader = await apiStream('GET', '/admin/orders/export?status=paid', { token: 'abc', headers: { Accept: 'application/x-ndjson' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/orders/export?status=paid');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', Accept: 'application/x-ndjson' });
    stream.send('{"a":1}\n{"b"');
    expect(await reader.read()).toEqual({ value: '{"a":1}\n{"b"', done: false });
    stream.send(':2}\n');
    stream.end();
    expect(await readAll(reader)).toBe(':2}\n');
  });

  it("rejects with the server's JSON body on an error status, before any reading", async () => {
    vi.stubGlobal('fetch', respond(401, '{"success":false,"error":"Unauthorized"}'));
    await expect(apiStream('GET', '/admin/orders/export')).rejects.toEqual({ success: false, error: 'Unauthorized', status: 401 });
  });

  it('times out while waiting for a chunk, not while the reader is busy elsewhere', async () => {
    vi.useFakeTimers();
    const stream = streamedResponse();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        init.signal?.addEventListener('abort', stream.abort);
        return stream.response;
      }),
    );
    const reader = await apiStream('GET', '/admin/orders/export');
    stream.send('{"a":1}\n');
    expect((await reader.read()).value).toBe('{"a":1}\n');
    // The reader holds the next chunk for longer than the timeout: no clock runs while nobody waits.
    stream.send('{"b":2}\n');
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS * 2);
    expect((await reader.read()).value).toBe('{"b":2}\n');
    const next = reader.read();
    const assertion = expect(next).rejects.toEqual({ success: false, error: 'Request timed out' });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    await assertion;
  });
});
