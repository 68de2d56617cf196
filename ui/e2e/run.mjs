// End-to-end check in a real browser: starts `warwick serve` on a free port, opens the page in
// headless Chromium (Debian's /usr/bin/chromium driven by playwright-core), waits for the
// app_info the page shows, and saves a screenshot to artifacts/.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const bin = process.env.WARWICK_BIN ?? join(root, 'target', 'debug', 'warwick');
const artifacts = process.env.WARWICK_ARTIFACTS ?? join(root, 'artifacts');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
mkdirSync(artifacts, { recursive: true });

function startServer() {
  const child = spawn(bin, ['serve', '--port', '0', '--ui', join(root, 'ui', 'dist')], {
    stdio: ['ignore', 'pipe', 'inherit'],
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

const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

const server = startServer();
let browser;
try {
  const url = await server.url;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
      '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
  for (const [label, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    const version = page.locator('[data-field="version"]');
    await version.waitFor({ timeout: 15000 });
    const info = await (await fetch(new URL('api/app_info', url), { method: 'POST' })).json();
    check(`${label}: page shows the version from app_info`, (await version.textContent()) === info.version, info.version);
    check(`${label}: page shows the rules version`, (await page.locator('[data-field="rules_version"]').textContent()) === `v${info.rules_version}`);
    check(`${label}: page shows the content summary`, (await page.locator('[data-field="content_summary"]').textContent()) === info.content_summary, info.content_summary);
    check(`${label}: no script errors`, errors.length === 0, errors.join('; '));
    const shot = join(artifacts, `web-app-info-${label}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`screenshot: ${shot}`);
    await page.close();
  }
  const unknown = await fetch(new URL('api/no_such_call', url), { method: 'POST' });
  const body = await unknown.json();
  check('an unknown call gets a 404 with a stable error code', unknown.status === 404 && body.code === 'unknown_request');
} catch (error) {
  check('end-to-end run', false, String(error?.stack ?? error));
} finally {
  await browser?.close();
  server.child.kill('SIGTERM');
}
const failed = checks.filter((c) => !c.ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);
