// What talking to `warwick serve` takes from Node and from a page under test: starting a server
// (on a free port, with its own environment if need be), calls that change games carry the
// launch token (read here from the served page, as any script may), and a page must run under
// the server's Content-Security-Policy without a violation.
import { spawn } from 'node:child_process';

/**
 * Starts `bin serve` on a free port with the built UI in `uiDir` and `env` added to the
 * environment (a fresh in-memory database each time, unless `args` names one with `--db`);
 * `url` resolves to its address.
 */
export function startServer(bin, uiDir, env = {}, args = []) {
  const child = spawn(bin, ['serve', '--port', '0', '--ui', uiDir, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const url = new Promise((resolveUrl, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('warwick serve did not start in 20 s')), 20000);
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = seen.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[0]);
      }
    });
    child.on('exit', (code) => reject(new Error(`warwick serve exited with ${code}`)));
  });
  return { child, url };
}

const tokens = new Map();

/** The launch token of the server at `url`, from its page's `<meta name="warwick-token">`. */
export async function launchToken(url) {
  const page = new URL('./', url).toString();
  if (!tokens.has(page)) {
    const html = await (await fetch(page)).text();
    const match = html.match(/<meta name="warwick-token" content="([0-9a-f]+)"/);
    if (!match) throw new Error(`no launch token in the page at ${page}`);
    tokens.set(page, match[1]);
  }
  return tokens.get(page);
}

/** POSTs one API call as JSON with the launch token; resolves to the fetch Response. */
export async function apiCall(url, name, args = {}) {
  return fetch(new URL(`api/${name}`, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-warwick-token': await launchToken(url) },
    body: JSON.stringify(args),
  });
}

/** Collects a page's script errors and Content-Security-Policy violations into `errors`. */
export function watchPage(page, errors) {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
}

/**
 * An e2e file run on its own (`node ui/e2e/<file>.mjs`): its checks against a server and a
 * headless Chromium of their own; exits 0 when every check passed.
 */
export async function runAlone(name, checks) {
  const { chromium } = await import('playwright-core');
  const { dirname, join, resolve } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const bin = process.env.WARWICK_BIN ?? join(root, 'target', 'debug', 'warwick');
  // WARWICK_UI: another built UI to serve (an older one, to measure before and after).
  const server = startServer(bin, process.env.WARWICK_UI ?? join(root, 'ui', 'dist'));
  const results = [];
  const check = (text, ok, detail = '') => {
    results.push(ok);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}${detail ? ` — ${detail}` : ''}`);
  };
  let browser;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    await checks(browser, await server.url, check, process.env.WARWICK_ARTIFACTS ?? join(root, 'artifacts'));
  } catch (error) {
    check(`${name} end-to-end`, false, String(error?.stack ?? error));
  } finally {
    await browser?.close();
    server.child.kill('SIGTERM');
  }
  process.exit(results.length && results.every(Boolean) ? 0 : 1);
}
