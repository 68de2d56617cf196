// End-to-end checks of a game played in the page (called from run.mjs): start a solo game from
// the New game form, make moves through the action list until a bot turn runs, undo, drag and
// step the timeline back and forward, play on from the past (a branch), the phone layout, and a
// whole game played to its end (a one-round time limit, so Minor Victory) by always picking a
// legal command by a simple rule, to prove nothing in the UI dead-ends. Screenshots go to
// artifacts/.
import { join } from 'node:path';
import { apiCall, watchPage } from './serve.mjs';

const game = (page) => page.locator('warwick-game');

export async function attr(page, name) {
  return game(page).getAttribute(name);
}

/** Opens every closed list around a button (All actions and its sub-lists), so it can be clicked. */
export function openAround(button) {
  for (let d = button.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
}

/** Waits until the player must decide (the action list shows) or the game has ended. */
export async function waitForDecision(page, timeout = 60000) {
  try {
    await waitForDecisionOnce(page, timeout);
  } catch (error) {
    // Say what the page showed, and keep a screenshot of it.
    const message = await page.locator('[data-field="message"]').allTextContents();
    const prompt = await page.locator('[data-field="prompt"]').allTextContents();
    await page.screenshot({ path: join(process.env.WARWICK_ARTIFACTS ?? 'artifacts', 'web-game-stuck.png') });
    throw new Error(`no decision came: message ${JSON.stringify(message)}, prompt ${JSON.stringify(prompt)}: ${error.message}`);
  }
}

async function waitForDecisionOnce(page, timeout) {
  // The panel, not a button: All actions and a long list's sub-lists start closed, and on a
  // phone the panel is in the Play sheet, which stays closed so the map shows (the strip under
  // the map has the prompt).
  await page.locator('warwick-game [data-panel="actions"], warwick-game [data-field="outcome"]').first()
    .waitFor({ state: 'attached', timeout });
  // Let a pending re-render settle.
  await page.waitForFunction(() => {
    const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
    return g && !g.running && !g.busy;
  }, null, { timeout });
}

/** Starts a solo game from the New game form; `tier` sets every bot's tier (Normal by default). */
export async function startGame(page, url, { seed, bots = 2, timeLimit = 0, mode = 'casual', tier = null }) {
  await page.goto(url);
  await page.locator('#new-game:not([disabled])').waitFor({ timeout: 15000 });
  await page.locator('[data-field="seed"]').fill(String(seed));
  await page.locator('[data-field="bots"]').selectOption(String(bots));
  await page.locator('[data-field="mode"]').selectOption(mode);
  if (tier) for (let i = 0; i < bots; i += 1) await page.locator(`[data-field="tier-${i}"]`).selectOption(tier);
  if (timeLimit) await page.locator('[data-field="time-limit"]').selectOption(String(timeLimit));
  await page.locator('#new-game').click();
  await page.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
}

/** The simple rule: finish the step or pass when that is allowed, else the first command. */
export async function pickCommand(page) {
  const buttons = page.locator('warwick-game [data-panel="actions"] button.command');
  const kinds = await buttons.evaluateAll((els) => els.map((e) => e.dataset.command));
  let index = kinds.findIndex((k) => k === 'EndStep' || k === 'Pass');
  if (index < 0) index = 0;
  const kind = kinds[index];
  // Long lists are split into closed sub-lists: open the one holding the command.
  await buttons.nth(index).evaluate(openAround);
  await buttons.nth(index).click();
  await confirmIfAsked(page, kind);
  return kind;
}

/** The commands the game asks about once before giving them. */
export const DANGER = new Set(['DiscardCrownCard', 'DiscardChanceryCard', 'ExecuteRoyal', 'ExecuteCaptive']);

/** A command that cannot be taken back (a discard, an execution) is asked once: say yes. */
export async function confirmIfAsked(page, kind) {
  if (!DANGER.has(kind)) return false;
  const yes = page.locator('warwick-game [data-dialog="confirm"] [data-confirm="yes"]');
  await yes.waitFor({ timeout: 5000 });
  await yes.click();
  return true;
}

/** Saves a page's screenshot under `artifacts` and prints where. */
export function shooter(artifacts) {
  return async (page, name) => {
    const path = join(artifacts, name);
    await page.screenshot({ path });
    console.log(`screenshot: ${path}`);
  };
}

export async function gameChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);

  // --- A solo game at desktop size -------------------------------------------------------------
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  watchPage(page, errors);
  await page.addInitScript(() => localStorage.setItem('warwick.speed', 'fast'));
  // Card windows with nothing to play are not passed for you here (a setting, on by default and
  // checked in play.mjs), so your first decision is still to come and undo is closed. The
  // settings are the service's; they are put back once this game has been looked at.
  const kept = (await (await apiCall(url, 'settings')).json()).settings;
  await apiCall(url, 'save_settings', { ...kept, auto_pass: false });
  // In a browser the page routes inside itself, so once the start screen is shown it fetches the
  // game's screen, ready for Start (the app opens each game in a page of its own instead: tauri.mjs).
  await page.goto(url);
  const preloaded = await page
    .waitForFunction(() => customElements.get('warwick-game') !== undefined, null, { timeout: 10000 })
    .then(() => true, () => false);
  check("game: in a browser the start screen fetches the game's screen once it is shown", preloaded);
  await startGame(page, url, { seed: 7, bots: 2 });
  await waitForDecision(page);
  const first = Number(await attr(page, 'data-loaded'));
  check('game: a solo game starts from the New game form', first > 0, `game ${first}`);
  check('game: the pieces are drawn from the view', (await page.locator('warwick-map .noble').count()) >= 3);
  check('game: the factions panel lists every faction', (await page.locator('[data-panel="factions"] details.faction').count()) === 3);
  check('game: the status bar shows round, turn and phase', /Round \d+ · .* phase/.test(await page.locator('[data-field="status"]').textContent()));
  // Before your first decision undo is closed, and says why in the service's own words.
  {
    const status = await (await apiCall(url, 'status', { game: first })).json();
    const note = (await page.locator('[data-field="undo"]').textContent()).trim();
    check('game: undo refused shows the reason the service gives',
      (await page.locator('[data-action="undo"]').isDisabled()) && !!status.undo_refused && note === `Undo is not available: ${status.undo_refused}.`, note);
  }
  const groups = await page.locator('[data-panel="actions"] .group h3').allTextContents();
  check('game: the legal commands are grouped by kind', groups.length >= 1, groups.join(' | '));
  await shot(page, 'web-game-desktop.png');
  await apiCall(url, 'save_settings', kept);

  // Hover a command with a place: the map marks it.
  const placed = page.locator('[data-panel="actions"] button.command[data-command="MoveNoble"], [data-panel="actions"] button.command[data-command="StartAttack"], [data-panel="actions"] button.command[data-command="Sail"]');
  let hovered = false;
  for (let i = 0; i < 40 && !(await placed.count()); i += 1) {
    // Not yet a movement decision: play on by the simple rule.
    if (await page.locator('[data-field="outcome"]').count()) break;
    await pickCommand(page);
    await waitForDecision(page);
  }
  if (await placed.count()) {
    await placed.first().evaluate(openAround);
    await placed.first().hover();
    await page.locator('warwick-map .focus').first().waitFor({ timeout: 5000 });
    hovered = true;
    if ((await placed.first().getAttribute('data-command')) === 'MoveNoble') {
      check('game: hovering a move also marks where the Noble starts, with a line to where it goes',
        (await page.locator('warwick-map .from').count()) === 1 && (await page.locator('warwick-map .route').count()) >= 1);
    }
    await shot(page, 'web-game-desktop-hover.png');
  }
  check('game: hovering a move or attack marks it on the map', hovered);

  // Moves through the action list until a bot turn runs.
  const botsBefore = Number((await attr(page, 'data-bot-moves')) ?? 0);
  let moves = 0;
  for (; moves < 60; moves += 1) {
    if (Number((await attr(page, 'data-bot-moves')) ?? 0) > botsBefore) break;
    if (await page.locator('[data-field="outcome"]').count()) break;
    await pickCommand(page);
    await waitForDecision(page);
  }
  check('game: moves through the action list until a bot turn runs', Number(await attr(page, 'data-bot-moves')) > botsBefore, `${moves} moves`);
  const logRows = await page.locator('[data-panel="log"] li').count();
  check('game: the log shows every event in words', logRows > 20, `${logRows} rows`);

  // Undo.
  const headBefore = Number(await attr(page, 'data-head'));
  const undo = page.locator('[data-action="undo"]');
  const undoNote = await page.locator('[data-field="undo"]').textContent();
  if (await undo.isEnabled()) {
    await undo.click();
    await page.locator('[data-field="message"]').waitFor({ timeout: 10000 });
    const message = await page.locator('[data-field="message"]').textContent();
    check('game: undo cancels the last decision', message.includes('Undone'), message.trim());
    await shot(page, 'web-game-desktop-undo.png');
  } else {
    check('game: undo says why it is not available', undoNote.length > 5, undoNote);
  }
  check('game: the undo note says what undo would cancel', undoNote.length > 5, undoNote);
  // Resume the bots (undo pauses them) and wait for the next decision.
  const pause = page.locator('[data-action="pause"]');
  if ((await pause.getAttribute('aria-pressed')) === 'true') await pause.click();
  await waitForDecision(page);

  // Timeline: drag back, step, forward, back to now.
  const head = Number(await attr(page, 'data-head'));
  check('game: the head moved on', head > 0 && headBefore > 0, `${headBefore} → ${head}`);
  const slider = page.locator('[data-field="timeline"] input[type="range"]');
  const box = await slider.boundingBox();
  // Count the past states shown while the pointer is still moving: the map follows the drag.
  await page.evaluate(() => {
    const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
    window.__shownDuringDrag = 0;
    window.__dragObserver = new MutationObserver(() => (window.__shownDuringDrag += 1));
    window.__dragObserver.observe(g, { attributes: true, attributeFilter: ['data-cursor'] });
  });
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 16; i += 1) {
    await page.mouse.move(box.x + box.width - 4 - ((box.width * 0.55 - 4) * i) / 16, box.y + box.height / 2);
    await page.waitForTimeout(30);
  }
  const duringDrag = await page.evaluate(() => window.__shownDuringDrag);
  await page.mouse.up();
  await page.evaluate(() => window.__dragObserver.disconnect());
  check('game: the map follows the timeline while it is dragged', duringDrag >= 3, `${duringDrag} past states shown during a 16-move drag`);
  await page.locator('[data-action="now"]').waitFor({ timeout: 5000 });
  await page.waitForFunction(() => {
    const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
    return g && g.dataset.cursor && Number(g.dataset.cursor) === g.cursor;
  });
  const dragged = Number(await attr(page, 'data-cursor'));
  check('game: dragging the timeline shows the past', dragged > 0 && dragged < head, `seq ${dragged} of ${head}`);
  const nobles = await page.locator('warwick-map .noble').count();
  check('game: the map shows the pieces as they were', nobles >= 3, `${nobles} noble chips`);
  await shot(page, 'web-game-desktop-timeline.png');
  // Stepping back event by event: the seq before is fetched ahead, so the step asks nothing.
  {
    await page.locator('[data-step="event-"]').click();
    await page.waitForFunction((was) => Number(document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').dataset.cursor) === was - 1, dragged, { timeout: 5000 });
    await page.waitForTimeout(800); // the look-ahead
    const asked = [];
    const onRequest = (r) => r.url().endsWith('/api/state_at') && asked.push(JSON.parse(r.postData() ?? '{}').seq);
    page.on('request', onRequest);
    await page.locator('[data-step="event-"]').click();
    await page.waitForFunction((was) => Number(document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').dataset.cursor) === was - 2, dragged, { timeout: 5000 });
    page.off('request', onRequest);
    check('game: stepping back an event shows a state fetched ahead', !asked.includes(dragged - 2), `asked for ${asked.join(', ') || 'nothing'}`);
  }
  await page.locator('[data-step="phase-"]').click();
  await page.waitForFunction((was) => {
    const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
    return g && Number(g.dataset.cursor) < was;
  }, dragged, { timeout: 5000 });
  check('game: stepping back a phase goes back', Number(await attr(page, 'data-cursor')) < dragged);
  const beforeStep = Number(await attr(page, 'data-cursor'));
  await page.locator('[data-step="event+"]').click();
  await page.waitForFunction((was) => {
    const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
    return g && Number(g.dataset.cursor) === was + 1;
  }, beforeStep, { timeout: 5000 });
  check('game: stepping forward an event goes forward', true);
  await page.locator('[data-step="turn+"]').click();
  await page.waitForTimeout(300);
  check('game: stepping forward a turn goes forward', Number(await attr(page, 'data-cursor')) > beforeStep + 1);
  if (await page.locator('[data-action="now"]').count()) await page.locator('[data-action="now"]').click();
  await page.locator('[data-action="now"]').waitFor({ state: 'detached', timeout: 5000 });
  check('game: back to now', Number(await attr(page, 'data-cursor')) === Number(await attr(page, 'data-head')));

  // Play on from the past: a branch.
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.locator('[data-action="branch"]').click();
  await page.waitForFunction((was) => {
    const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
    return g && Number(g.dataset.loaded) !== was;
  }, first, { timeout: 20000 });
  const branched = Number(await attr(page, 'data-loaded'));
  check('game: play on from here opens a branch', branched > first, `game ${first} → game ${branched}`);
  await waitForDecision(page);
  await shot(page, 'web-game-desktop-branch.png');
  check('game: no script errors (desktop)', errors.length === 0, errors.join('; '));
  await page.close();

  // --- The same game on a phone ----------------------------------------------------------------
  {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const phoneErrors = [];
    phone.on('pageerror', (e) => phoneErrors.push(e.message));
    await phone.addInitScript(() => localStorage.setItem('warwick.speed', 'fast'));
    await phone.goto(new URL(`?game=${branched}`, url).toString());
    await phone.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
    await phone.locator('warwick-map .noble').first().waitFor({ timeout: 15000 });
    await shot(phone, 'web-game-phone.png');
    // When you must decide the Play sheet opens by itself; open it otherwise.
    await phone.waitForTimeout(500);
    if ((await phone.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await phone.locator('[data-tab="play"]').click();
    await phone.locator('[data-panel="turn"]').waitFor({ timeout: 5000 });
    // Card windows with nothing to play pass by themselves and the bots play on: wait for your decision.
    await waitForDecision(phone);
    const actions = await phone.locator('[data-panel="actions"] button.command').count();
    check('phone: the Play tab shows your decisions', actions > 0, `${actions} commands`);
    await shot(phone, 'web-game-phone-play.png');
    await phone.locator('[data-tab="factions"]').click();
    await shot(phone, 'web-game-phone-factions.png');
    await phone.locator('[data-tab="cards"]').click();
    await shot(phone, 'web-game-phone-cards.png');
    await phone.locator('[data-tab="log"]').click();
    await shot(phone, 'web-game-phone-log.png');
    check('phone: no script errors', phoneErrors.length === 0, phoneErrors.join('; '));
    await phone.close();
  }

  // --- A whole game to its end, always picking a legal command by a simple rule ------------------
  {
    const full = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const fullErrors = [];
    full.on('pageerror', (e) => fullErrors.push(e.message));
    await full.addInitScript(() => localStorage.setItem('warwick.speed', 'instant'));
    // Random bots (the learning tier, no longer the default): with this seed they make an offer to answer.
    await startGame(full, url, { seed: 11, bots: 2, timeLimit: 1, mode: 'challenge', tier: 'random' });
    const seen = new Set();
    let picks = 0;
    const started = Date.now();
    let refused = '';
    let offer = '';
    for (; picks < 600 && Date.now() - started < 240000; picks += 1) {
      await waitForDecision(full, 90000);
      if (await full.locator('[data-field="outcome"]').count()) break;
      // Challenge mode: once a card is drawn undo closes, and the panel says why as the service does.
      if (!refused && (await full.locator('[data-action="undo"]').isDisabled())) {
        const note = (await full.locator('[data-field="undo"]').textContent()).trim();
        if (note.includes('challenge mode')) {
          const game = Number(await attr(full, 'data-loaded'));
          const status = await (await apiCall(url, 'status', { game })).json();
          refused = note === `Undo is not available: ${status.undo_refused}.` ? note : `MISMATCH: ${note} vs ${status.undo_refused}`;
          await shot(full, 'web-game-undo-refused.png');
        }
      }
      // An offer to answer says what it proposes.
      if (!offer && (await full.locator('[data-panel="actions"] button.command[data-command="AcceptOffer"]').count())) {
        offer = (await full.locator('[data-panel="offer"]').count()) ? (await full.locator('[data-field="offer"]').textContent()).trim() : 'MISSING';
        await shot(full, 'web-game-offer.png');
      }
      seen.add(await pickCommand(full));
    }
    check('full game: an offer to answer says what it proposes', offer.length > 0 && offer !== 'MISSING', offer || 'no offer came');
    check('full game: challenge undo, once closed, says why in the service\'s words', refused.startsWith('Undo is not available: in challenge mode'), refused);
    const outcome = (await full.locator('[data-field="outcome"]').count())
      ? await full.locator('[data-field="outcome"]').textContent()
      : '';
    check('full game: played to its end through the UI', outcome.length > 0, `${picks} picks (${[...seen].join(', ')}): ${outcome}`);
    await shot(full, 'web-game-full-end.png');
    await full.locator('[data-tab="prestige"]').count();
    check('full game: no script errors', fullErrors.length === 0, fullErrors.join('; '));
    await full.close();
  }

  // --- Watching bots, and the saved games list -----------------------------------------------------
  {
    const watch = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await watch.addInitScript(() => localStorage.setItem('warwick.speed', 'fast'));
    await watch.goto(url);
    await watch.locator('#saved-games').waitFor({ timeout: 15000 });
    const saved = await watch.locator('#saved-games button.game-row').count();
    check('start: saved games are listed', saved >= 3, `${saved} games`);
    await watch.locator('[data-field="watch"]').check();
    await watch.locator('#new-game').click();
    await watch.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
    await watch.waitForFunction(() => {
      const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
      return g && Number(g.dataset.botMoves) >= 3;
    }, null, { timeout: 20000 });
    check('watch: bots play one move at a time with visible progress', (await watch.locator('.progress').count()) > 0 || Number(await attr(watch, 'data-bot-moves')) >= 3);
    await watch.locator('[data-action="pause"]').click();
    const pausedAt = Number(await attr(watch, 'data-bot-moves'));
    await watch.waitForTimeout(800);
    check('watch: pausing stops the bots', Number(await attr(watch, 'data-bot-moves')) <= pausedAt + 1);
    await shot(watch, 'web-game-watch.png');
    await watch.close();
  }
}
