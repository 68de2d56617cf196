// End-to-end check in a real browser: starts `warwick serve` on a free port, opens the page in
// headless Chromium (Debian's /usr/bin/chromium driven by playwright-core), waits for the
// app_info the page shows, then opens the map at desktop and phone sizes (places drawn, wheel
// and keyboard zoom, drag pan, place details on hover and tap, the panels) and the demo pieces,
// and saves screenshots to artifacts/; then plays games in the page (./game.mjs), plays on the
// map by pointer, keyboard and touch with an axe-core audit (./play.mjs), plays three full rounds
// through the map and panels only by mouse, touch and keyboard (./rounds.mjs), opens a battle through
// the action list (./battle.mjs, its panel audited too), and plays today's daily challenge to its end
// screen, shares it and checks the shared line on a second server (./challenge.mjs); and the rules
// help: the reference searched, a refused move's reason and its rule's link (./help.mjs); and that
// no screen hangs: each start-up call failing once shows what failed and a Retry that works (./retry.mjs);
// the Settings screen, kept between runs on servers over a data folder (./settings.mjs); and what
// others, Event cards and battles did to your pieces, told when your turn opens (./yours.mjs); the
// turn loop's pace: End turn in one action, a turn by keyboard, the bots' round timed (./pace.mjs);
// and Play on your phone over this machine's network address, pairing and its refusals (./phone.mjs).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { battleChecks } from './battle.mjs';
import { helpChecks } from './help.mjs';
import { retryChecks } from './retry.mjs';
import { gameChecks } from './game.mjs';
import { playChecks } from './play.mjs';
import { roundsChecks } from './rounds.mjs';
import { challengeChecks } from './challenge.mjs';
import { settingsChecks } from './settings.mjs';
import { hardChecks } from './hard.mjs';
import { yoursChecks } from './yours.mjs';
import { phoneChecks } from './phone.mjs';
import { paceChecks } from './pace.mjs';
import { anytimeChecks } from './anytime.mjs';
import { shelfChecks } from './shelf.mjs';
import { apiCall, startServer, watchPage } from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const bin = process.env.WARWICK_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'debug', 'warwick');
const artifacts = process.env.WARWICK_ARTIFACTS ?? join(root, 'artifacts');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
mkdirSync(artifacts, { recursive: true });

const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

// The map's view as the page reports it: zoom level and `x,y,k`.
async function mapView(page) {
  const frame = page.locator('warwick-map .frame');
  return {
    zoom: Number(await frame.getAttribute('data-zoom')),
    view: (await frame.getAttribute('data-view')).split(',').map(Number),
  };
}

async function labelTexts(page) {
  return page.locator('warwick-map [data-label^="place:"]').allTextContents();
}

async function openMap(browser, url, viewport, query = '?view=map') {
  const page = await browser.newPage({ viewport, hasTouch: viewport.width < 900 });
  const errors = [];
  watchPage(page, errors);
  await page.goto(new URL(query, url).toString());
  await page.locator('warwick-map [data-place="london"]').waitFor({ timeout: 15000 });
  return { page, errors };
}

async function mapChecks(browser, url) {
  // From the start screen: New game is disabled with a note; Explore the map opens the map.
  {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(url);
    await page.locator('[data-field="version"]').waitFor({ timeout: 15000 });
    await page.locator('#new-game:not([disabled])').waitFor({ timeout: 15000 });
    check('start: New game is there and enabled', await page.locator('#new-game').isEnabled());
    check('start: the seed is shown and editable', await page.locator('[data-field="seed"]').isEditable());
    await page.locator('#open-map').click();
    await page.locator('warwick-map [data-place="york"]').waitFor({ timeout: 15000 });
    check('start: Explore the map opens the map', true);
    await page.close();
  }

  // Desktop.
  {
    const { page, errors } = await openMap(browser, url, { width: 1440, height: 900 });
    const places = await page.locator('warwick-map [data-place]').count();
    check('desktop: every place is drawn', places >= 120, `${places} place icons`);
    const labels = await labelTexts(page);
    check('desktop: London and York are labelled', labels.includes('London') && labels.includes('York'));
    check('desktop: minor names are hidden at the whole-map zoom', !labels.includes('Towton'), `${labels.length} names`);
    check('desktop: Areas, Regions, sea Areas and roads are drawn',
      (await page.locator('warwick-map [data-area]').count()) >= 70 &&
      (await page.locator('warwick-map [data-sea]').count()) >= 15 &&
      (await page.locator('warwick-map [data-label^="region:"]').count()) >= 6 &&
      ((await page.locator('warwick-map path.roads').getAttribute('d')) ?? '').length > 100);
    for (const panel of ['turn', 'factions', 'hand', 'chancery', 'event', 'prestige']) {
      check(`desktop: the ${panel} panel is visible`, await page.locator(`[data-panel="${panel}"]`).isVisible());
    }
    const shotAll = join(artifacts, 'web-map-desktop.png');
    await page.screenshot({ path: shotAll });
    console.log(`screenshot: ${shotAll}`);

    // Wheel zoom over York keeps York under the pointer.
    const content = await (await apiCall(url, 'content')).json();
    const yorkAt = content.geometry.places.york;
    const frameBox = await page.locator('warwick-map .frame').boundingBox();
    const onScreen = ({ view: [x, y, k] }, [wx, wy]) => [frameBox.x + x + wx * k, frameBox.y + y + wy * k];
    const before = await mapView(page);
    const home = before.view;
    // Whole pixels: the browser reports pointer positions in whole pixels.
    const [yx, yy] = onScreen(before, yorkAt).map(Math.round);
    const toWorld = ({ view: [x, y, k] }) => [(yx - frameBox.x - x) / k, (yy - frameBox.y - y) / k];
    const under = toWorld(before);
    await page.mouse.move(yx, yy);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -240);
    await page.waitForTimeout(150);
    const afterWheel = await mapView(page);
    const [yx1, yy1] = onScreen(afterWheel, under);
    check('desktop: the wheel zooms in', afterWheel.zoom > before.zoom * 2, `${before.zoom} → ${afterWheel.zoom}`);
    check('desktop: the wheel zooms about the pointer', Math.hypot(yx1 - yx, yy1 - yy) < 2, `York moved ${Math.hypot(yx1 - yx, yy1 - yy).toFixed(2)} px`);
    const zoomedLabels = await labelTexts(page);
    check('desktop: minor names appear when zoomed in', zoomedLabels.includes('Towton'), zoomedLabels.slice(0, 12).join(', '));

    // Drag pans.
    await page.mouse.move(700, 450);
    await page.mouse.down();
    await page.mouse.move(600, 400, { steps: 5 });
    await page.mouse.up();
    const afterDrag = await mapView(page);
    check('desktop: dragging pans the map',
      Math.abs(afterDrag.view[0] - afterWheel.view[0] + 100) < 2 && Math.abs(afterDrag.view[1] - afterWheel.view[1] + 50) < 2,
      `${afterWheel.view} → ${afterDrag.view}`);

    // Keyboard: + zooms, arrows pan, 0 shows all.
    await page.locator('warwick-map .frame').focus();
    await page.keyboard.press('ArrowLeft');
    const afterArrow = await mapView(page);
    check('desktop: an arrow key pans', afterArrow.view[0] > afterDrag.view[0]);
    await page.keyboard.press('+');
    const afterPlus = await mapView(page);
    check('desktop: + zooms in', afterPlus.zoom > afterArrow.zoom * 1.2);
    await page.keyboard.press('-');
    check('desktop: - zooms out', (await mapView(page)).zoom < afterPlus.zoom);
    await page.keyboard.press('0');
    check('desktop: 0 goes back to all of England and Wales', (await mapView(page)).view.every((v, i) => Math.abs(v - home[i]) < 0.01));

    // Hover a place: its details.
    const lb = await page.locator('warwick-map [data-place="london"]').boundingBox();
    await page.mouse.move(lb.x + lb.width / 2, lb.y + lb.height / 2);
    const details = page.locator('warwick-map [data-details="london"]');
    await details.waitFor({ timeout: 5000 });
    const kind = await details.locator('[data-field="kind"]').textContent();
    const capacity = await details.locator('[data-field="capacity"]').textContent();
    const controller = await details.locator('[data-field="controlled_by"]').textContent();
    check('desktop: hovering London shows its details', kind === 'City' && capacity === 'unlimited' && controller.includes('City card'),
      `${kind}; ${capacity}; ${controller}`);
    const shotHover = join(artifacts, 'web-map-desktop-details.png');
    await page.screenshot({ path: shotHover });
    console.log(`screenshot: ${shotHover}`);
    check('desktop: no script errors on the map', errors.length === 0, errors.join('; '));
    await page.close();
  }

  // Phone.
  {
    const { page, errors } = await openMap(browser, url, { width: 390, height: 844 });
    const labels = await labelTexts(page);
    check('phone: London and York are labelled', labels.includes('London') && labels.includes('York'), `${labels.length} names`);
    const mapBox = await page.locator('warwick-map').boundingBox();
    check('phone: the map fills the width and most of the height', mapBox.width >= 389 && mapBox.height > 844 * 0.75,
      `${mapBox.width}×${mapBox.height}`);
    check('phone: the panels are closed at first', !(await page.locator('[data-panel="hand"]').isVisible()));
    const shot = join(artifacts, 'web-map-phone.png');
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${shot}`);
    // Tap York: its details.
    const yb = await page.locator('warwick-map [data-place="york"]').boundingBox();
    await page.touchscreen.tap(yb.x + yb.width / 2, yb.y + yb.height / 2);
    const details = page.locator('warwick-map [data-details="york"]');
    await details.waitFor({ timeout: 5000 });
    check('phone: tapping York shows its details', (await details.locator('[data-field="region"]').textContent()).includes('Yorkshire'));
    const shotTap = join(artifacts, 'web-map-phone-details.png');
    await page.screenshot({ path: shotTap });
    console.log(`screenshot: ${shotTap}`);
    // Two-finger pinch (touch events through the DevTools protocol): fingers spread → zoom in.
    {
      const cdp = await page.context().newCDPSession(page);
      const mb = await page.locator('warwick-map').boundingBox();
      const cx = mb.x + mb.width / 2;
      const cy = mb.y + mb.height / 2;
      const touch = (type, d) => cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }],
      });
      const z0 = (await mapView(page)).zoom;
      await touch('touchStart', 30);
      for (const d of [45, 60, 75, 90]) await touch('touchMove', d);
      await touch('touchEnd', 0);
      await page.waitForTimeout(100);
      const z1 = (await mapView(page)).zoom;
      check('phone: a two-finger pinch zooms in', z1 > z0 * 2, `${z0.toFixed(2)} → ${z1.toFixed(2)}`);
      await page.locator('warwick-map button[aria-label^="Show all"]').click();
      await cdp.detach();
    }
    // Keyboard zoom works on the phone layout too.
    await page.locator('warwick-map .frame').focus();
    const z0 = (await mapView(page)).zoom;
    await page.keyboard.press('=');
    check('phone: keyboard zoom', (await mapView(page)).zoom > z0);
    // A tab opens its panel as a bottom sheet.
    await page.locator('[data-tab="hand"]').click();
    check('phone: the Hand tab opens its panel', await page.locator('[data-panel="hand"]').isVisible());
    check('phone: only that panel shows', !(await page.locator('[data-panel="chancery"]').isVisible()));
    const shotSheet = join(artifacts, 'web-map-phone-panel.png');
    await page.screenshot({ path: shotSheet });
    console.log(`screenshot: ${shotSheet}`);
    check('phone: no script errors on the map', errors.length === 0, errors.join('; '));
    await page.close();
  }

  // Demo pieces.
  {
    const { page, errors } = await openMap(browser, url, { width: 1440, height: 900 }, '?demo=pieces');
    await page.locator('warwick-map .stack').first().waitFor({ timeout: 5000 });
    const nobles = await page.locator('warwick-map .noble').count();
    const royals = await page.locator('warwick-map .royal').count();
    const crowned = await page.locator('warwick-map .royal[data-crowned="true"]').count();
    const ships = await page.locator('warwick-map .ship').count();
    check('demo: Nobles, Royals and Ships are drawn', nobles >= 8 && royals === 7 && crowned === 1 && ships >= 5,
      `${nobles} noble chips, ${royals} royals (${crowned} crowned), ${ships} ships`);
    check('demo: Nobles of one faction in one place are stacked with a count',
      (await page.locator('warwick-map [data-stack="location:london"] .noble[data-count="2"]').count()) === 1);
    check('demo: control and siege markers are drawn',
      (await page.locator('warwick-map .control').count()) >= 5 && (await page.locator('warwick-map .besieged').count()) >= 1);
    const shot = join(artifacts, 'web-pieces-demo.png');
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${shot}`);
    // Zoomed in on London: the stack there, its count and Henry VI's crown.
    const lb = await page.locator('warwick-map [data-place="london"]').boundingBox();
    await page.mouse.move(lb.x + lb.width / 2, lb.y + lb.height / 2);
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -240);
    await page.waitForTimeout(150);
    const shotZoom = join(artifacts, 'web-pieces-demo-zoomed.png');
    await page.screenshot({ path: shotZoom });
    console.log(`screenshot: ${shotZoom}`);
    check('demo: no script errors', errors.length === 0, errors.join('; '));
    await page.close();
  }
  // The real map has no pieces without the flag.
  {
    const { page } = await openMap(browser, url, { width: 1440, height: 900 });
    check('without ?demo=pieces no pieces are drawn', (await page.locator('warwick-map .stack').count()) === 0);
    await page.close();
  }
}

const server = startServer(bin, join(root, 'ui', 'dist'));
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
    watchPage(page, errors);
    await page.goto(url);
    const version = page.locator('[data-field="version"]');
    await version.waitFor({ timeout: 15000 });
    const info = await (await apiCall(url, 'app_info')).json();
    check(`${label}: page shows the version from app_info`, (await version.textContent()) === info.version, info.version);
    check(`${label}: page shows the rules version`, (await page.locator('[data-field="rules_version"]').textContent()) === `v${info.rules_version}`);
    check(`${label}: page shows the content summary`, (await page.locator('[data-field="content_summary"]').textContent()) === info.content_summary, info.content_summary);
    check(`${label}: no script errors`, errors.length === 0, errors.join('; '));
    const shot = join(artifacts, `web-app-info-${label}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`screenshot: ${shot}`);
    await page.close();
  }
  // E2E_ONLY_GAME=1 skips the map checks; E2E_ONLY_BATTLE=1 runs only the battle;
  // E2E_ONLY_CHALLENGE=1 only the Solo Challenge (on servers of its own).
  // E2E_ONLY_PLAY=1 only playing on the map; E2E_ONLY_ROUNDS=1 only the three rounds on the map (./rounds.mjs).
  // E2E_ONLY_RETRY=1 only the failed start-up calls and their Retry (./retry.mjs).
  const onlyRetry = process.env.E2E_ONLY_RETRY;
  // E2E_ONLY_SETTINGS=1 only the Settings screen (./settings.mjs, on servers of its own).
  const onlySettings = process.env.E2E_ONLY_SETTINGS;
  // E2E_ONLY_HARD=1 only a solo game against one Hard bot (./hard.mjs).
  const onlyHard = process.env.E2E_ONLY_HARD;
  // E2E_ONLY_YOURS=1 only what happened to your pieces (./yours.mjs).
  const onlyYours = process.env.E2E_ONLY_YOURS;
  // E2E_ONLY_PHONE=1 only Play on your phone (./phone.mjs, on servers of its own).
  const onlyPhone = process.env.E2E_ONLY_PHONE;
  const phone = () => phoneChecks(check, artifacts, bin, join(root, 'ui', 'dist'), chromiumPath);
  const shelfServer = (env) => startServer(bin, join(root, 'ui', 'dist'), env);
  const settings = () => settingsChecks(browser, check, artifacts, bin, join(root, 'ui', 'dist'));
  const { E2E_ONLY_GAME: onlyGame, E2E_ONLY_BATTLE: onlyBattle, E2E_ONLY_CHALLENGE: onlyChallenge, E2E_ONLY_ROUNDS: onlyRounds } = process.env;
  const onlyPlay = process.env.E2E_ONLY_PLAY || onlyRounds;
  // Each section says how long it took, so a slow run shows where its time went.
  const timed = async (name, run) => {
    const started = Date.now();
    await run();
    console.log(`section ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  if (onlyRetry) {
    await retryChecks(browser, url, check, artifacts);
  } else if (onlySettings) {
    await settings();
  } else if (onlyHard) {
    await hardChecks(browser, url, check, artifacts);
  } else if (onlyYours) {
    await yoursChecks(browser, url, check, artifacts);
  } else if (onlyPhone) {
    await phone();
  } else if (process.env.E2E_ONLY_SHELF) {
    // E2E_ONLY_SHELF=1 only archiving and deleting saved games (./shelf.mjs, on a server of its own).
    await shelfChecks(browser, check, artifacts, shelfServer);
  } else if (process.env.E2E_ONLY_PACE) {
    // E2E_ONLY_PACE=1 only the turn loop's pace (./pace.mjs).
    await paceChecks(browser, url, check, artifacts);
  } else if (process.env.E2E_ONLY_ANYTIME) {
    // E2E_ONLY_ANYTIME=1 only acting while the bots move (./anytime.mjs).
    await anytimeChecks(browser, url, check, artifacts);
  } else {
    if (!onlyGame && !onlyBattle && !onlyChallenge && !onlyPlay) await timed('mapChecks', () => mapChecks(browser, url));
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('gameChecks', () => gameChecks(browser, url, check, artifacts));
    if (!onlyChallenge && !onlyBattle && !onlyRounds) await timed('playChecks', () => playChecks(browser, url, check, artifacts));
    if (!onlyChallenge && !onlyBattle && !process.env.E2E_ONLY_PLAY) await timed('roundsChecks', () => roundsChecks(browser, url, check, artifacts));
    if (!onlyChallenge && !onlyPlay) await timed('battleChecks', () => battleChecks(browser, url, check, artifacts));
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('helpChecks', () => helpChecks(browser, url, check, artifacts));
    if (!onlyBattle && !onlyPlay) await timed('challengeChecks', () => challengeChecks(browser, check, artifacts, (env) => startServer(bin, join(root, 'ui', 'dist'), env)));
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('retryChecks', () => retryChecks(browser, url, check, artifacts));
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('settings', () => settings());
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('hardChecks', () => hardChecks(browser, url, check, artifacts));
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('yoursChecks', () => yoursChecks(browser, url, check, artifacts));
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('phone', () => phone());
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('paceChecks', () => paceChecks(browser, url, check, artifacts));
    if (!onlyBattle && !onlyChallenge && !onlyPlay) await timed('anytimeChecks', () => anytimeChecks(browser, url, check, artifacts));
    if (!onlyBattle && !onlyPlay) await timed('shelfChecks', () => shelfChecks(browser, check, artifacts, shelfServer));
  }
  const unknown = await apiCall(url, 'no_such_call');
  const body = await unknown.json();
  check('an unknown call gets a 404 with a stable error code', unknown.status === 404 && body.code === 'unknown_request');
} catch (error) {
  check('end-to-end run', false, String(error?.stack ?? error));
  await pagesAtFailure(browser);
} finally {
  await browser?.close();
  server.child.kill('SIGTERM');
}
const failed = checks.filter((c) => !c.ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);

/** Every page still open when a section failed: its address, and a whole-page screenshot in artifacts/, to
 * see what the page showed (a slow screen, an error with its Retry) when a wait ran out. */
async function pagesAtFailure(browser) {
  const pages = browser?.contexts().flatMap((c) => c.pages()) ?? [];
  for (const [i, page] of pages.entries()) {
    const path = join(artifacts, `e2e-failure-${i + 1}.png`);
    const taken = await page.screenshot({ path, fullPage: true, timeout: 10000 }).then(() => true, () => false);
    console.log(`page open at the failure: ${page.url()}${taken ? ` (screenshot: ${path})` : ''}`);
  }
}
