import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, call } from './api';

function fakeFetch(
  status: number,
  body: unknown,
  seen: string[] = [],
  headers: Record<string, string>[] = [],
): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(`${init?.method} ${String(input)} ${String(init?.body)}`);
    headers.push({ ...(init?.headers as Record<string, string>) });
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

  it('sends JSON, and no token where the page holds none', async () => {
    const headers: Record<string, string>[] = [];
    await call('status', { game: 1 }, fakeFetch(200, {}, [], headers));
    expect(headers).toEqual([{ 'content-type': 'application/json' }]);
  });

  it('turns an error body into an ApiError with its code', async () => {
    const failing = fakeFetch(404, { code: 'unknown_game', message: 'there is no game 9' });
    const error = await call('status', { game: 9 }, failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('unknown_game');
  });

  it('keeps the rule a refusal names, which is the rule of its specific cause', async () => {
    const rule = { section: 'movement', anchor: '9.30' };
    const failing = fakeFetch(422, { code: 'unreachable', message: 'York cannot be reached by that move: only a ship carries Nobles across it', rule });
    const error = (await call('status', { game: 1 }, failing).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('unreachable');
    expect(error.rule).toEqual(rule);
    const plain = fakeFetch(404, { code: 'unknown_game', message: 'there is no game 9' });
    expect(((await call('status', { game: 9 }, plain).catch((e: unknown) => e)) as ApiError).rule).toBeUndefined();
  });

  it('has a function for every call of the table that the UI makes', async () => {
    const { CALLS } = await import('./bindings/calls');
    // The calls only scripts and the command line use.
    const notFromTheUi = ['create_game', 'submit', 'view', 'export', 'verify', 'verify_log', 'import'];
    const names = Object.keys(CALLS).filter((n) => !notFromTheUi.includes(n));
    const source = (await import('./api?raw')).default as string;
    for (const name of names) expect(source, name).toContain(`call('${name}'`);
  });

  it('reports a transport failure as an ApiError', async () => {
    const broken = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    const error = await call('app_info', {}, broken).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('transport');
  });
});

describe('the launch token', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A fresh copy of the module, in a page whose head holds `content` as the token. */
  async function inPage(content: string | null) {
    const asked: string[] = [];
    vi.stubGlobal('document', {
      querySelector: (selector: string) => {
        asked.push(selector);
        return content === null ? null : { getAttribute: (name: string) => (name === 'content' ? content : null) };
      },
    });
    vi.resetModules();
    return { api: await import('./api'), asked };
  }

  it('is read once from the served page and sent on every call', async () => {
    const { api: fresh, asked } = await inPage('abc123');
    const headers: Record<string, string>[] = [];
    const fetcher = fakeFetch(200, {}, [], headers);
    await fresh.call('status', { game: 1 }, fetcher);
    await fresh.call('legal', { game: 1, faction: 0 }, fetcher);
    expect(headers).toEqual([
      { 'content-type': 'application/json', 'x-warwick-token': 'abc123' },
      { 'content-type': 'application/json', 'x-warwick-token': 'abc123' },
    ]);
    expect(asked).toEqual(['meta[name="warwick-token"]']);
  });

  it('is left out when the page has none or an empty one', async () => {
    for (const content of [null, '']) {
      const { api: fresh } = await inPage(content);
      expect(fresh.serverToken()).toBeNull();
      const headers: Record<string, string>[] = [];
      await fresh.call('status', { game: 1 }, fakeFetch(200, {}, [], headers));
      expect(headers).toEqual([{ 'content-type': 'application/json' }]);
    }
  });

  it('is not used inside the app, which calls through invoke', async () => {
    const { api: fresh } = await inPage('abc123');
    vi.stubGlobal('window', { __TAURI_INTERNALS__: {} });
    const fetcher = vi.fn() as unknown as typeof fetch;
    await fresh.call('status', { game: 1 }, fetcher).catch(() => undefined);
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('the Solo Challenge calls', () => {
  it('asks for today by leaving the date out, or for a given day', async () => {
    const seen: string[] = [];
    const fetcher = fakeFetch(200, {}, seen);
    await api.daily(undefined, fetcher);
    await api.daily('2026-11-26', fetcher);
    await api.startDaily(undefined, fetcher);
    await api.startDaily('2026-11-25', fetcher);
    expect(seen).toEqual([
      'POST ./api/daily {}',
      'POST ./api/daily {"date":"2026-11-26"}',
      'POST ./api/start_daily {}',
      'POST ./api/start_daily {"date":"2026-11-25"}',
    ]);
  });

  it('names the game or the code as the service expects', async () => {
    const seen: string[] = [];
    const fetcher = fakeFetch(200, {}, seen);
    await api.replayCode(4, fetcher);
    await api.verifyCode('W1-abc', fetcher);
    await api.openCode('Warwick daily — W1-abc', fetcher);
    await api.story(4, fetcher);
    await api.stats(fetcher);
    expect(seen).toEqual([
      'POST ./api/replay_code {"game":4}',
      'POST ./api/verify_code {"code":"W1-abc"}',
      'POST ./api/open_code {"code":"Warwick daily — W1-abc"}',
      'POST ./api/story {"game":4}',
      'POST ./api/stats {}',
    ]);
  });

  it('passes a refused code on as an ApiError with its code and words', async () => {
    const refused = fakeFetch(400, { code: 'verify', message: 'the log does not verify: the replay code ends before the game does' });
    const error = await api.verifyCode('W1-x', refused).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('verify');
    expect((error as ApiError).message).toContain('ends before the game does');
  });
});
