// End-to-end checks of Play on your phone (called from run.mjs): `warwick serve --lan` on a
// server of its own (WARWICK_TODAY=2026-11-26, a one-round daily), reached over this machine's
// network address, never loopback, so every request is a phone's. First what nobody unpaired
// gets (no cookie, a wrong secret, a burst of attempts), then, at 390×844 and 360×740 in a
// mobile-emulated Chromium with touch: the computer's Play on your phone page makes a pairing
// address with its QR code, the phone opens it (timed to the start screen), the address then
// works no more, a paired call from another Origin and the computer's own calls are refused,
// the phone plays the daily's first turn, undoes it, opens the Rules, plays on to the end and
// shares; the installable app's manifest and service worker are served, and with the computer
// gone the phone is told to open Warwick on the computer; finally the computer unpairs the phone
// and its cookie opens nothing. Screenshots: artifacts/web-phone-*.png.
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { pickCommand, shooter, waitForDecision } from './game.mjs';
import { watchPage } from './serve.mjs';
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';

const ENV = { WARWICK_TODAY: '2026-11-26', WARWICK_DAILY_ROUNDS: '1' };
const SIZES = process.env.E2E_PHONE_ONE ? [['390', { width: 390, height: 844 }]] : [
  ['390', { width: 390, height: 844 }],
  ['360', { width: 360, height: 740 }],
];
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Starts `warwick serve --lan`: its loopback address, its network address and its first pairing address. */
function startLanServer(bin, uiDir) {
  const child = spawn(bin, ['serve', '--lan', '--port', '0', '--ui', uiDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...ENV },
  });
  const ready = new Promise((resolveReady, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`warwick serve --lan printed no pairing address in 20 s: ${seen}`)), 20000);
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const local = seen.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      const pair = seen.match(/open (http:\/\/([\d.]+):\d+\/)pair\/([0-9a-f]+)/);
      if (local && pair) {
        clearTimeout(timer);
        // The QR code is printed under the address, at once.
        setTimeout(() => resolveReady({ local: local[0], lan: pair[1], pairing: `${pair[1]}pair/${pair[3]}`, printed: seen }), 300);
      }
    });
    child.on('exit', (code) => reject(new Error(`warwick serve --lan exited with ${code}`)));
  });
  return { child, ready };
}

/** A call from Node to the server at `base`, with these headers; resolves to status and JSON body. */
async function post(base, name, body = {}, headers = {}) {
  const response = await fetch(new URL(`api/${name}`, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const raw = await response.text();
  let json = null;
  try {
    json = JSON.parse(raw);
  } catch {
    /* not JSON */
  }
  return { status: response.status, json, raw };
}

/** A call the computer makes, with its launch token read from its page. */
async function local(base, name, body = {}) {
  const page = await (await fetch(base)).text();
  const token = page.match(/<meta name="warwick-token" content="([0-9a-f]+)"/)?.[1];
  return post(base, name, body, { 'x-warwick-token': token ?? '' });
}

/** The game's last row, asked by the page itself (its cookie and token). */
async function head(page) {
  return page.evaluate(async () => {
    const game = Number(document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game')?.getAttribute('data-loaded'));
    const token = document.querySelector('meta[name="warwick-token"]')?.getAttribute('content') ?? '';
    const response = await fetch('./api/status', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-warwick-token': token },
      body: JSON.stringify({ game }),
    });
    const status = await response.json();
    return { head: status.head, prompt: JSON.stringify(status.prompt?.clock) };
  });
}

/** What nobody unpaired gets from the network address. */
async function strangerChecks(server, check) {
  const page = await fetch(server.lan);
  const pageText = await page.text();
  check('phone: without a cookie the network address serves no page of the game (401, how to pair)',
    page.status === 401 && !pageText.includes('warwick-token'), `${page.status}`);
  const call = await post(server.lan, 'list_games', {}, { origin: server.lan.replace(/\/$/, '') });
  check('phone: without a cookie a call is refused as not_paired and shows no game',
    call.status === 401 && call.json?.code === 'not_paired' && !call.raw.includes('"games"'), call.raw.slice(0, 120));
  const wrong = await fetch(new URL('pair/00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', server.lan), { redirect: 'manual' });
  check('phone: a wrong pairing secret pairs nothing (403, no cookie)', wrong.status === 403 && !wrong.headers.get('set-cookie'), `${wrong.status}`);
}

/** A burst of pairing attempts from one address: the later ones are refused. */
async function burstChecks(server, check) {
  const statuses = [];
  for (let i = 0; i < 40; i += 1) {
    statuses.push((await fetch(new URL(`pair/${i.toString(16).padStart(64, '0')}`, server.lan))).status);
  }
  const refused = statuses.filter((s) => s === 429).length;
  check('phone: a burst of 40 pairing attempts is rate-limited (429)', refused > 0 && statuses.every((s) => s === 403 || s === 429),
    `${statuses.filter((s) => s === 403).length} refused as wrong, ${refused} as too many`);
}

async function sizeChecks(browser, server, check, artifacts, label, viewport) {
  const shot = shooter(artifacts);
  // --- On the computer: Play on your phone makes a pairing address and its QR code -------------
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const deskErrors = [];
  watchPage(desk, deskErrors);
  await desk.goto(server.local);
  await desk.locator('#open-phone').click();
  const section = desk.locator('warwick-phone');
  await section.locator('[data-field="lan-address"]').waitFor({ timeout: 15000 });
  check(`phone ${label}: the computer's page says where the games are served`,
    (await text(section.locator('[data-field="lan-address"]'))) === server.lan);
  await section.locator('[data-action="pair-phone"]').click();
  await section.locator('[data-field="pairing-url"]').waitFor({ timeout: 15000 });
  const pairing = await text(section.locator('[data-field="pairing-url"]'));
  check(`phone ${label}: Pair a phone shows the address and its QR code`,
    pairing.startsWith(`${server.lan}pair/`) && (await section.locator('[data-field="pairing-qr"] svg').count()) === 1, pairing);
  await shot(desk, `web-phone-computer-${label}.png`);

  // --- On the phone: pairing opens the start screen -------------------------------------------
  const context = await browser.newContext({
    viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    userAgent: PHONE_AGENT,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.lan).origin });
  const page = await context.newPage();
  const errors = [];
  watchPage(page, errors);
  await page.addInitScript(() => localStorage.setItem('warwick.speed', 'instant'));
  const opened = Date.now();
  await page.goto(pairing);
  await page.locator('warwick-daily-card [data-field="daily-status"]').waitFor({ timeout: 20000 });
  const toStart = Date.now() - opened;
  check(`phone ${label}: opening the pairing address leads to the start screen`, true, `${toStart} ms from the pairing address to the daily card`);
  const cookie = (await context.cookies()).find((c) => c.name === 'warwick_session');
  check(`phone ${label}: the phone holds an HttpOnly, SameSite=Strict session`,
    !!cookie && cookie.httpOnly && cookie.sameSite === 'Strict' && cookie.value.length >= 64);
  const reused = await fetch(pairing, { redirect: 'manual' });
  check(`phone ${label}: the pairing address works only once`, reused.status === 403 && !reused.headers.get('set-cookie'), `${reused.status}`);
  const jar = { cookie: `warwick_session=${cookie?.value}` };
  const foreign = await post(server.lan, 'list_games', {}, { ...jar, origin: 'http://evil.example' });
  check(`phone ${label}: a paired session from another Origin cannot change games`, foreign.status === 403 && foreign.json?.code === 'bad_origin', foreign.raw.slice(0, 100));
  const own = await post(server.lan, 'phone_pairing', {}, { ...jar, origin: server.lan.replace(/\/$/, '') });
  check(`phone ${label}: pairing more phones is the computer's call alone`, own.status === 403 && own.json?.code === 'local_only', own.raw.slice(0, 100));
  const loadStart = Date.now();
  await page.reload();
  await page.locator('warwick-daily-card [data-field="daily-status"]').waitFor({ timeout: 20000 });
  check(`phone ${label}: a page load over the network address`, true, `${Date.now() - loadStart} ms to the daily card`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  check(`phone ${label}: the start screen fits the phone's width`, wide);
  await shot(page, `web-phone-start-${label}.png`);

  // --- The installable app -----------------------------------------------------------------------
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    const response = await fetch(link.href);
    return { type: response.headers.get('content-type'), body: await response.json() };
  });
  check(`phone ${label}: the manifest names the app, its icons and full screen`,
    manifest.body.short_name === 'Warwick' && manifest.body.display === 'fullscreen' &&
      manifest.body.icons.some((i) => i.sizes === '512x512') && manifest.body.icons.some((i) => i.sizes === '192x192'),
    `${manifest.type}`);
  const worker = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return 'none';
    const registration = await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(() => r(null), 10000))]);
    return registration?.active ? registration.active.scriptURL : 'not active';
  });
  check(`phone ${label}: the service worker is active`, worker.endsWith('/sw.js'), worker);

  // --- The daily's first turn, Undo, the Rules ------------------------------------------------
  await page.locator('warwick-daily-card #play-daily').click();
  await page.locator('warwick-game[data-loaded]').waitFor({ timeout: 20000 });
  await waitForDecision(page, 90000);
  if ((await page.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await page.locator('[data-tab="play"]').tap();
  const before = await head(page);
  await pickCommand(page);
  const confirm = page.locator('warwick-game [data-action="preview-do"]');
  if (await confirm.count()) await confirm.tap();
  await waitForDecision(page, 90000);
  await shot(page, `web-phone-turn-${label}.png`);
  if ((await page.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await page.locator('[data-tab="play"]').tap();
  const undo = page.locator('warwick-game [data-action="undo"]');
  const undoable = (await undo.count()) > 0 && (await undo.isEnabled());
  const moved = await head(page);
  let undone = null;
  let said = '';
  if (undoable) {
    await undo.tap();
    await page.locator('warwick-game [data-field="message"]').filter({ hasText: 'Undone:' }).waitFor({ state: 'attached', timeout: 20000 }).catch(() => undefined);
    said = (await page.locator('warwick-game [data-field="message"]').count()) ? await text(page.locator('warwick-game [data-field="message"]')) : '';
    undone = await head(page);
    await waitForDecision(page, 90000);
  }
  const note = (await page.locator('warwick-game [data-field="undo"]').count()) ? await text(page.locator('warwick-game [data-field="undo"]')) : '';
  // Undo appends to the log (it never erases) and says what it took back; the game is back
  // where the move was made (a window the person has nothing to give in may pass again at once).
  check(`phone ${label}: Undo takes the first turn's move back (or says why not)`,
    undoable ? said.startsWith('Undone:') && moved.head > before.head && undone.head > moved.head : note.includes('not available'),
    `rows ${before.head} → ${moved.head} → ${undone?.head ?? note}: ${said || note}`);
  await page.locator('warwick-game [data-action="rules"]').tap();
  const help = page.locator('warwick-help [role="dialog"]');
  await help.waitFor({ timeout: 15000 });
  check(`phone ${label}: the Rules open over the game`, await help.isVisible());
  await shot(page, `web-phone-rules-${label}.png`);
  await page.keyboard.press('Escape');

  // --- Played to the end and shared -----------------------------------------------------------
  for (let picks = 0; picks < 800; picks += 1) {
    await waitForDecision(page, 90000);
    if (await page.locator('warwick-game [data-field="outcome"]').count()) break;
    if ((await page.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await page.locator('[data-tab="play"]').tap();
    await pickCommand(page);
    if (await confirm.count()) await confirm.tap();
  }
  const end = page.locator('warwick-end-screen');
  await end.locator('[data-action="share"]').waitFor({ timeout: 30000 });
  await end.locator('[data-action="share"]').tap();
  await page.waitForFunction(() => {
    const box = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-end-screen')?.shadowRoot
      ?.querySelector('warwick-share-dialog')?.shadowRoot?.querySelector('[data-field="share-line"]');
    return box && box.value.length > 0;
  }, null, { timeout: 20000 });
  const line = await end.locator('warwick-share-dialog [data-field="share-line"]').inputValue();
  check(`phone ${label}: the daily is played to its end on the phone and shared`, /W4-[A-Za-z0-9_-]+$/.test(line), line.slice(0, 80));
  await shot(page, `web-phone-share-${label}.png`);
  check(`phone ${label}: no script errors or policy violations`, errors.length === 0 && deskErrors.length === 0, [...errors, ...deskErrors].join('; '));

  // --- Unpaired by the computer: the cookie opens nothing ---------------------------------------
  const devices = (await local(server.local, 'phone')).json?.devices ?? [];
  const mine = devices.find((d) => d.name.includes('Android'));
  await desk.goto(server.local);
  await desk.locator('#open-phone').click();
  await section.locator(`[data-device="${mine?.id}"] [data-action="revoke"]`).click();
  await section.locator('[data-field="phone-status"]').filter({ hasText: 'unpaired' }).waitFor({ timeout: 10000 });
  await shot(desk, `web-phone-unpaired-${label}.png`);
  const after = await post(server.lan, 'list_games', {}, { ...jar, origin: server.lan.replace(/\/$/, '') });
  check(`phone ${label}: once unpaired on the computer, the phone's cookie is refused`, after.status === 401 && after.json?.code === 'not_paired', `${after.status}`);
  await page.reload().catch(() => undefined);
  check(`phone ${label}: and its page no longer opens the game`, !(await page.content()).includes('warwick-token'));
  await context.close();
  await desk.close();
}

/** With the computer gone, the phone's installed app says to open Warwick on the computer. */
async function offlineChecks(bin, uiDir, check, artifacts, chromiumPath) {
  const server = startLanServer(bin, uiDir);
  const { lan, pairing } = await server.ready;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--unsafely-treat-insecure-origin-as-secure=${new URL(lan).origin}`],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: PHONE_AGENT });
    const page = await context.newPage();
    await page.goto(pairing);
    await page.locator('warwick-daily-card [data-field="daily-status"]').waitFor({ timeout: 20000 });
    await page.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 10000))]));
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await page.goto(lan).catch(() => undefined);
    const heading = await page.locator('h1').first().textContent({ timeout: 10000 }).catch(() => '');
    check('phone: with the computer gone, the phone says to open Warwick on the computer', heading === 'Open Warwick on your computer', heading);
    await shooter(artifacts)(page, 'web-phone-offline.png');
  } finally {
    server.child.kill('SIGTERM');
    await browser.close();
  }
}

/** Whether this machine has an IPv4 address on a network (not loopback) for a phone to reach. */
export function onANetwork() {
  return Object.values(networkInterfaces()).flat().some((i) => i && i.family === 'IPv4' && !i.internal && !i.address.startsWith('169.254.'));
}

export async function phoneChecks(check, artifacts, bin, uiDir, chromiumPath) {
  if (!onANetwork()) {
    // Nothing to serve a phone on: said plainly, not counted as passed.
    console.log('SKIP phone: this machine has no network address (only loopback), so no phone could reach it');
    return;
  }
  const server = startLanServer(bin, uiDir);
  let browser;
  try {
    const ready = await server.ready;
    check('phone: warwick serve --lan prints a pairing address and its QR code', /█|▀|▄/.test(ready.printed), ready.lan);
    // Browsers give service workers only to secure origins; the home address is treated as one
    // here, as it would be over HTTPS (docs/phone.md).
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run',
        '--disable-component-update', '--disable-sync', `--unsafely-treat-insecure-origin-as-secure=${new URL(ready.lan).origin}`],
    });
    await strangerChecks(ready, check);
    for (const [label, viewport] of SIZES) await sizeChecks(browser, ready, check, artifacts, label, viewport);
    await burstChecks(ready, check);
  } finally {
    server.child.kill('SIGTERM');
    await browser?.close();
  }
  await offlineChecks(bin, uiDir, check, artifacts, chromiumPath);
}
