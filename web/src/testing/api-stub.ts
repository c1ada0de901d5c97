import { vi } from 'vitest';

export interface StubbedCall {
  /** e.g. 'GET /admin/orders': the method and the path after /api, without the query. */
  route: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export type StubHandler = (call: StubbedCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch with a table of API routes ('METHOD /path' after /api). A call to a route the table
 * lacks answers 404, so a test fails on what it did not expect. Undo with vi.unstubAllGlobals().
 */
export function stubApi(routes: Record<string, StubHandler>): { calls: StubbedCall[] } {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const route = `${init.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
      const call: StubbedCall = {
        route,
        url,
        headers: { ...(init.headers as Record<string, string> | undefined) },
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const handler = routes[route];
      return handler ? handler(call) : jsonResponse(404, { success: false, error: `no stub for ${route}` });
    }),
  );
  return { calls };
}
