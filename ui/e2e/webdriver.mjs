// What talking to tauri-driver takes (W3C WebDriver over plain HTTP), shared by the real-window
// e2e (./tauri.mjs) and the start-up benchmark (../bench/startup.mjs): finding the driver, a
// free port for it, and one WebDriver request.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/** tauri-driver: $TAURI_DRIVER, else on PATH, else cargo's bin folder. */
export function findDriver() {
  if (process.env.TAURI_DRIVER) return process.env.TAURI_DRIVER;
  const dirs = (process.env.PATH ?? '').split(delimiter);
  dirs.push(join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin'));
  return dirs.map((d) => join(d, 'tauri-driver')).find((p) => existsSync(p)) ?? 'tauri-driver';
}

/** A port nobody listens on now. */
export function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

/** One WebDriver request; resolves to the whole JSON answer, throws on an HTTP error or once
 * `timeout` ms have passed without an answer (fetch's own limit is 300 s). */
export async function send(base, method, path, body, timeout = 120_000) {
  const started = Date.now();
  let response;
  try {
    response = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeout),
    });
  } catch (error) {
    // fetch says only "fetch failed"; the cause (refused, reset, a timeout) and how long the
    // request ran tell a dead driver from a hung one.
    const cause = error?.cause ? ` (${error.cause.code ?? ''} ${error.cause.message ?? error.cause})` : '';
    throw new Error(`${method} ${path}: ${error?.message ?? error}${cause} after ${Date.now() - started} ms`);
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${json?.value?.error ?? ''} ${json?.value?.message ?? ''}`);
  }
  return json;
}
