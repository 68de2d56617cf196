// The only way the UI talks to the backend. Inside the Tauri app it uses `invoke`; in a plain
// browser it calls the same service over HTTP against `warwick serve` (POST /api/<call>).
import { invoke } from '@tauri-apps/api/core';
import type { AppInfo } from './bindings/AppInfo';
import type { Content } from './bindings/Content';

/** An error from the backend: a stable code and a message for people. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether this page runs inside the Tauri app. */
export function inTauri(): boolean {
  return typeof window !== 'undefined' && '__TAURI_INTERNALS__' in window;
}

function toApiError(value: unknown): ApiError {
  if (value && typeof value === 'object' && 'code' in value && 'message' in value) {
    const { code, message } = value as { code: unknown; message: unknown };
    return new ApiError(String(code), String(message));
  }
  return new ApiError('transport', value instanceof Error ? value.message : String(value));
}

/** Calls one service method by name with JSON arguments. */
export async function call<T>(
  name: string,
  args: Record<string, unknown> = {},
  fetcher: typeof fetch = globalThis.fetch?.bind(globalThis),
): Promise<T> {
  if (inTauri()) {
    try {
      return await invoke<T>(name, args);
    } catch (error) {
      throw toApiError(error);
    }
  }
  let response: Response;
  try {
    response = await fetcher(`./api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  } catch (error) {
    throw toApiError(error);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw toApiError(body ?? { code: 'http', message: `HTTP ${response.status}` });
  }
  return body as T;
}

/** The service API, one function per call. */
export const api = {
  appInfo: (fetcher?: typeof fetch) => call<AppInfo>('app_info', {}, fetcher),
  /** The whole validated content: map, geometry, cards, tables, Event deck. */
  content: (fetcher?: typeof fetch) => call<Content>('content', {}, fetcher),
};
