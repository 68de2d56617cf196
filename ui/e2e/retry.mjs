// End-to-end checks that no screen hangs (called from run.mjs; alone: `node ui/e2e/retry.mjs`),
// in headless Chromium against `warwick serve`: each start-up call is made to fail once (a
// dropped connection, or the service's error answer) by intercepting it in the page, and the
// screen waiting on it must say what failed in the player's words with a Retry, and the Retry
// must then bring the screen up. Covered: the start screen (app_info, the daily challenge, the
// saved games), a game opened by its address (content, status, timeline, state_at, strengths,
// legal), the map explorer (content), your history (stats) and the rules (rules_reference);
// and a screen whose code (its own chunk, ui/src/screens.ts) could not be loaded; and a daily
// challenge that answers late moves nothing below its card.
// Screenshots of the failed states go to artifacts/.
import { apiCall, watchPage } from './serve.mjs';
import { shooter } from './game.mjs';

/** The start screen's sizes checked: a desktop window and a phone. */
const START_SIZES = [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]];

/** The ways a call is made to fail: the connection dropped, or the service's error answers. */
const FAILURES = {
  dropped: (route) => route.abort('connectionreset'),
  busy: (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'busy', message: 'database is locked' }) }),
  internal: (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'the call panicked' }) }),
};

/** What each failure must read as on screen (the player's words, not a code). */
const WORDS = {
  dropped: /no answer came; if Warwick was closed, start it again/,
  busy: /the saved games were busy for a moment/,
  internal: /something went wrong inside the game \(the call panicked\)/,
};

/**
 * Makes the page's calls to `name` fail (as `how`) until `release()`: the first one fails, and
 * so does any call that races it (a prefetch), so the screen is sure to see the failure.
 */
async function failing(page, name, how) {
  const state = { failed: 0, released: false };
  await page.route(`**/api/${name}`, (route) => {
    if (state.released) return route.fallback();
    state.failed += 1;
    return FAILURES[how](route);
  });
  return { state, release: () => (state.released = true) };
}

/** The waiting element of `what`: its failure text once shown (null if it never showed). */
async function failureOf(page, what, timeout = 20000) {
  const failure = page.locator(`warwick-waiting[what="${what}"] [data-field="failure"]`);
  try {
    await failure.waitFor({ timeout });
  } catch {
    return null;
  }
  return failure.textContent();
}

/** Whether `selector` appears on the page within `timeout` ms. */
async function appears(page, selector, timeout = 15000) {
  try {
    await page.locator(selector).waitFor({ timeout });
    return true;
  } catch {
    return false;
  }
}

/** Clicks the Retry of `what`. */
async function retry(page, what) {
  await page.locator(`warwick-waiting[what="${what}"] [data-action="retry"]`).click();
}

/** A game of you against two Normal bots, stepped on until it is your decision (so `legal` is asked at once). */
async function gameAtYourDecision(url) {
  const request = {
    mode: 'casual',
    seats: [{ kind: 'human' }, { kind: 'bot', tier: 'normal', seed: 12 }, { kind: 'bot', tier: 'normal', seed: 13 }],
    setup: 'preset',
    two_player_variant: null,
    time_limit_rounds: 15,
    seed: 11,
  };
  let status = await (await apiCall(url, 'create_game_paused', request)).json();
  const game = Number(status.game);
  for (let i = 0; i < 100; i += 1) {
    if (status.awaiting.includes(0)) {
      // A card window with nothing but Pass would pass by itself: pass it here.
      const legal = (await (await apiCall(url, 'legal', { game, faction: 0 })).json()).commands;
      const pass = legal.find((l) => l.command.type === 'Pass');
      if (!pass || legal.some((l) => l.command.type !== 'Pass')) return game;
      status = (await (await apiCall(url, 'act', { game, by: 0, command: pass.command, expected_last_seq: status.head })).json()).status;
    } else {
      status = (await (await apiCall(url, 'advance', { game, expected_last_seq: status.head })).json()).status;
    }
  }
  throw new Error('the game never came to your decision');
}

export async function retryChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);
  const newPage = async (viewport = { width: 1440, height: 900 }) => {
    const page = await browser.newPage({ viewport });
    const errors = [];
    watchPage(page, errors);
    return { page, errors };
  };

  // --- The start screen: app_info, the daily challenge and the saved games fail at once ------
  for (const [label, viewport] of START_SIZES) {
    const { page, errors } = await newPage(viewport);
    const calls = [['app_info', 'Warwick', 'dropped'], ['daily', 'the daily challenge', 'busy'], ['list_games', 'your saved games', 'internal']];
    const fails = {};
    for (const [name, , how] of calls) fails[name] = await failing(page, name, how);
    await page.goto(url);
    for (const [name, what, how] of calls) {
      // The daily card waits for app_info: it is asked once Warwick's own Retry has worked.
      if (name === 'daily') {
        fails.app_info.release();
        await retry(page, 'Warwick');
        await page.locator('[data-field="version"]').waitFor({ timeout: 15000 });
        check(`${label} start: Retry after app_info failed shows the app's version`, true);
      }
      const text = await failureOf(page, what);
      check(`${label} start: a failed ${name} says what failed`, !!text && text.startsWith(`Could not load ${what}:`) && WORDS[how].test(text), text ?? 'no failure shown');
      if (name === 'app_info') await shot(page, `retry-start-failed-${label}.png`);
    }
    fails.daily.release();
    fails.list_games.release();
    await retry(page, 'the daily challenge');
    await page.locator('[data-field="daily-status"]').waitFor({ timeout: 15000 });
    check(`${label} start: Retry brings the daily challenge`, true);
    await retry(page, 'your saved games');
    await page.locator('warwick-game-list').waitFor({ timeout: 15000 });
    check(`${label} start: Retry brings the saved games`, (await page.locator('warwick-waiting [data-field="failed"]').count()) === 0);
    check(`${label} start: each call failed once and was asked again`, Object.values(fails).every((f) => f.state.failed >= 1));
    check(`${label} start: no script errors`, errors.length === 0, errors.join('; '));
    await page.close();
  }

  // --- A slow daily challenge moves nothing below its card --------------------------------------
  // Its card keeps its room while it loads: a click aimed at a button below it (as the player's,
  // or a test's) must not land elsewhere when the answer comes.
  for (const [label, viewport] of START_SIZES) {
    const { page, errors } = await newPage(viewport);
    let answer;
    const held = new Promise((resolve) => (answer = resolve));
    await page.route('**/api/daily', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto(url);
    await page.locator('[data-field="version"]').waitFor({ timeout: 15000 });
    await page.locator('warwick-waiting[what="the daily challenge"]').waitFor({ timeout: 15000 });
    const below = () => Promise.all(['#open-stats', '#new-game'].map((s) => page.locator(s).boundingBox()));
    const before = await below();
    answer();
    await page.locator('[data-field="daily-status"]').waitFor({ timeout: 15000 });
    await page.waitForTimeout(200);
    const after = await below();
    const moved = before.map((b, i) => Math.abs(after[i].y - b.y));
    check(`${label} start: the buttons below the daily card stay where they are when it comes (≤ 4 px)`, moved.every((m) => m <= 4), `moved ${moved.map((m) => m.toFixed(1)).join(', ')} px`);
    check(`${label} start: no script errors while the daily came late`, errors.length === 0, errors.join('; '));
    await page.close();
  }

  // --- A game opened by its address: each of its start-up calls fails once ------------------
  const gameCalls = [['content', 'dropped'], ['status', 'busy'], ['timeline', 'internal'], ['state_at', 'dropped'], ['strengths', 'busy'], ['legal', 'internal']];
  for (const [name, how] of gameCalls) {
    // A game of its own each time: opening one lets its bots play on.
    const game = await gameAtYourDecision(url);
    const { page, errors } = await newPage();
    const fail = await failing(page, name, how);
    await page.goto(new URL(`?game=${game}`, url).toString());
    const text = await failureOf(page, 'the game');
    check(`game by address: a failed ${name} says what failed`, !!text && WORDS[how].test(text), text ?? 'stayed on "Loading the game…"');
    if (name === 'content' || name === 'status') await shot(page, `retry-game-${name}-failed.png`);
    fail.release();
    await retry(page, 'the game');
    let loaded = true;
    try {
      await page.locator(`warwick-game[data-loaded="${game}"]`).waitFor({ timeout: 30000 });
      await page.locator('warwick-game warwick-map').waitFor({ timeout: 15000 });
    } catch {
      loaded = false;
    }
    check(`game by address: Retry after ${name} failed opens the game`, loaded && fail.state.failed >= 1);
    check(`game by address (${name}): no script errors`, errors.length === 0, errors.join('; '));
    await page.close();
  }

  // --- The map explorer, your history, the rules ---------------------------------------------
  {
    const { page } = await newPage();
    const fail = await failing(page, 'content', 'dropped');
    await page.goto(new URL('?view=map', url).toString());
    const text = await failureOf(page, 'the map');
    check('map: a failed content says what failed', !!text && WORDS.dropped.test(text), text ?? 'no failure shown');
    fail.release();
    await retry(page, 'the map');
    await page.locator('warwick-map [data-place="london"]').waitFor({ timeout: 15000 });
    check('map: Retry draws the map', true);
    await page.close();
  }
  {
    const { page } = await newPage();
    const fail = await failing(page, 'stats', 'busy');
    await page.goto(new URL('?view=stats', url).toString());
    const text = await failureOf(page, 'your history');
    check('history: a failed stats says what failed', !!text && WORDS.busy.test(text), text ?? 'no failure shown');
    await shot(page, 'retry-history-failed.png');
    fail.release();
    await retry(page, 'your history');
    await page.locator('warwick-stats[data-loaded]').waitFor({ timeout: 15000 });
    check('history: Retry shows your history', true);
    await page.close();
  }
  {
    const { page } = await newPage();
    const fail = await failing(page, 'rules_reference', 'internal');
    await page.goto(url);
    await page.locator('#open-rules').click();
    const text = await failureOf(page, 'the rules');
    check('rules: a failed rules_reference says what failed', !!text && WORDS.internal.test(text), text ?? 'no failure shown');
    fail.release();
    await retry(page, 'the rules');
    await page.locator('warwick-help nav a[data-section]').first().waitFor({ timeout: 15000 });
    check('rules: Retry shows the rules', true);
    await page.close();
  }
  await screenCodeChecks(browser, url, check, artifacts);
}

/**
 * A screen whose code fails to load (its chunk's request dropped) says so with a Retry; that
 * failure is its own: a screen opened meanwhile (as a warwick:// link opens one) loads as usual,
 * and the failed one, opened again, still offers its Retry, which then brings it up.
 */
export async function screenCodeChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  watchPage(page, errors);
  let blocked = true;
  let dropped = 0;
  await page.route('**/assets/verify-view-*.js', (route) => {
    if (!blocked) return route.fallback();
    dropped += 1;
    return route.abort('connectionreset');
  });
  const open = (screen) => page.evaluate((s) => (document.querySelector('warwick-app').screen = s), screen);
  await page.goto(new URL('?view=verify', url).toString());
  const text = await failureOf(page, 'the verify screen');
  // In the player's words: the browser's message names a file.
  check('screen code: a screen whose code could not be loaded says so', !!text && dropped >= 1 && /this part of Warwick could not be read/.test(text) && !/\.js|module/.test(text), text ?? 'no failure shown');
  await shot(page, 'retry-screen-code-failed.png');
  await open('stats');
  const stats = await appears(page, 'warwick-stats');
  const leftover = await page.locator('warwick-waiting[what="the verify screen"], warwick-waiting [data-field="failure"]').count();
  check('screen code: another screen opened after the failure loads, without that failure', stats && leftover === 0, `stats shown: ${stats}, failures on screen: ${leftover}`);
  await open('verify');
  const again = await failureOf(page, 'the verify screen', 5000);
  check('screen code: the failed screen opened again still offers its Retry', !!again, 'no failure shown');
  await page.locator('[data-action="to-start"]').click();
  const start = await appears(page, '#new-game');
  check('screen code: the failed screen has a way back to the start screen', start);
  // Opened again from there, it is tried afresh (and fails again while its code is dropped).
  const before = dropped;
  await page.locator('#open-verify').click();
  const afresh = await failureOf(page, 'the verify screen', 15000);
  check('screen code: opened again from the start screen, it is tried afresh', !!afresh && dropped > before, `requests dropped: ${before} then ${dropped}`);
  blocked = false;
  await retry(page, 'the verify screen');
  const verify = await appears(page, 'warwick-verify');
  check('screen code: Retry brings the screen up', verify);
  // The dropped chunk itself logs a failed request; nothing else may fail.
  const others = errors.filter((e) => !/verify-view|dynamically imported module|Failed to fetch|Importing a module script failed/i.test(e));
  check('screen code: no other script errors', others.length === 0, others.join('; '));
  await page.close();
}

// Run alone: its own server and browser.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const { runAlone } = await import('./serve.mjs');
  await runAlone('retry', retryChecks);
}
