import { describe, expect, it } from 'vitest';
import { ApiError, api, call } from './api';

function fakeFetch(status: number, body: unknown, seen: string[] = []): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(`${init?.method} ${String(input)} ${String(init?.body)}`);
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
}

describe('api over HTTP', () => {
  it('posts the call by name and returns the JSON body', async () => {
    const seen: string[] = [];
    const info = { name: 'Warwick', version: '0.1.0', rules_version: 1, content_summary: 'x' };
    await expect(api.appInfo(fakeFetch(200, info, seen))).resolves.toEqual(info);
    expect(seen).toEqual(['POST ./api/app_info {}']);
  });

  it('turns an error body into an ApiError with its code', async () => {
    const failing = fakeFetch(404, { code: 'unknown_request', message: 'unknown request: /x' });
    const error = await call('x', {}, failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('unknown_request');
  });

  it('reports a transport failure as an ApiError', async () => {
    const broken = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    const error = await call('app_info', {}, broken).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('transport');
  });
});
