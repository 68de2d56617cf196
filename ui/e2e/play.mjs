// End-to-end checks of playing on the map (called from run.mjs), in headless Chromium against
// `warwick serve`: at 1440×900 a solo game's turns played through the map and panels only —
// the digest of what the bots did (compared with the service's timeline) and a line of it
// shown on the map, offers in their own panel, the Event drawn from the turn panel, a Noble
// chosen by a click with its destinations marked and the way to one drawn on hover, a second
// click moving it, a place it cannot reach refused with the engine's reason, "All actions"
// grouped (≤ 12 lines a group unopened) and filtered, End turn through the steps, the Menu
// asking before leaving, pause and Undo never leaving the bots silently stopped; the same
// move by keyboard alone; at 390×844 (touch) the board, prompt and Undo in view and a move by
// two taps; and an axe-core audit (no serious or critical violation) of the start screen and
// a game in progress. Screenshots go to artifacts/.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { apiCall, watchPage } from './serve.mjs';
import { attr, shooter, startGame } from './game.mjs';

export const G = `document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game')`;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until it is your decision and nothing runs. End turn asking for the card to discard (the
 * hand shown in place) is answered on the way by `discard(page)`: the first card, clicked.
 */
export async function yourTurn(page, timeout = 90000, discard = (p) => p.locator('[data-dialog="discard"] [data-discard]').first().click()) {
  const until = Date.now() + timeout;
  for (;;) {
    const seen = await page.waitForFunction(() => {
      const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      if (!game) return false;
      if (game.discard) return 'discard';
      return game.yourTurn && !game.running && !game.busy && !game.flowing && game.legal.length > 0 ? 'yours' : false;
    }, null, { timeout: Math.max(1000, until - Date.now()) });
    if ((await seen.jsonValue()) === 'yours') return;
    await discard(page);
    await page.waitForTimeout(100);
  }
}

/** Where the game stands, as the page holds it. */
export async function state(page) {
  return page.evaluate((g) => {
    const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
    const play = game.playModel?.play;
    return {
      head: game.head,
      round: game.live.clock.round,
      phase: game.live.clock.phase,
      active: game.live.clock.active,
      you: game.you,
      selection: [...game.selection],
      selectable: play ? Object.entries(play.pieces).filter(([, p]) => p.selectable).map(([k]) => k) : [],
      targets: play ? play.targets.map((t) => ({ key: t.key, style: t.style, at: t.at, label: t.label })) : [],
      types: game.legal.map((l) => l.command.type),
    };
  }, G);
}

/** The deepest focused element's data attributes. */
export async function focused(page) {
  return page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a ? { ...a.dataset, label: a.getAttribute('aria-label') ?? a.textContent.trim().slice(0, 60), tag: a.tagName } : {};
  });
}

/** The centre of a piece or target of the map on the page. */
export async function centre(page, key) {
  // A piece that is also a target has a button in both groups: the target's comes last.
  const box = await page.locator(`warwick-map [data-hit="${key}"]`).last().boundingBox();
  return box && { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Whether a point is inside the map's frame (not under its buttons or the key). */
export async function onMap(page, p) {
  const map = await page.locator('warwick-game warwick-map').boundingBox();
  return p && p.x > map.x + 60 && p.x < map.x + map.width - 70 && p.y > map.y + 50 && p.y < map.y + map.height - 50;
}

/** The bots' commands since your last turn, from the service's timeline: what the digest must list. */
export async function botCommandsSinceYourTurn(url, game, you) {
  const timeline = await (await apiCall(url, 'timeline', { game })).json();
  const turns = timeline.rounds.flatMap((r) => r.turns);
  const entries = (t) => t.phases.flatMap((p) => p.entries);
  // Your turn now is the last of yours; the digest starts after the one before it.
  const yours = turns.map((t, i) => (t.faction === you ? i : -1)).filter((i) => i >= 0);
  let i = turns.length - 1;
  while (i >= 0 && turns[i].faction === you) i -= 1;
  const previous = yours.filter((y) => y < i).pop();
  const from = previous === undefined ? 0 : Math.max(...entries(turns[previous]).map((e) => Number(e.seq)));
  return turns.flatMap(entries).filter((e) => e.kind === 'Command' && e.by !== null && e.by !== you && Number(e.seq) > from).length;
}

/** The digest as the page shows it: lines of the bots' actions (not the lines of what they did
 * to your pieces, each a line of its own), folded passes and the count. */
export async function digestShown(page) {
  const panel = page.locator('warwick-game [data-panel="digest"]');
  if (!(await panel.count())) return { lines: 0, folded: 0 };
  const lines = await panel.locator('li[data-digest-seq]:not(.yours)').count();
  const note = (await panel.locator('p.muted').allTextContents()).join(' ');
  return { lines, folded: Number(note.match(/And (\d+)/)?.[1] ?? 0) };
}

/** Runs axe-core on the page; the serious and critical violations, named. */
export async function axeAudit(page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () =>
    // eslint-disable-next-line no-undef
    (await axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      example: v.nodes[0]?.target?.join(' ') ?? '',
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? '',
    })),
  );
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const named = (violations) => violations.map((v) => `${v.id} (${v.impact}, ${v.nodes}: ${v.example} — ${v.summary})`).join('; ');

/** The main action of the step, from the turn panel (or the strip on a phone), when there is one. */
export async function mainAction(page, phone, stepwise = false) {
  const draw = page.locator(phone ? '[data-action="strip-draw"]' : '[data-panel="turn"] [data-do="DrawEventCard"]');
  if (await draw.count()) return { kind: 'draw', button: draw };
  const accept = page.locator('[data-action="accept-offer"]:visible');
  if (await accept.count()) return { kind: 'offer', button: page.locator('[data-action="reject-offer"]:visible').first() };
  const step = page.locator('[data-panel="turn"] [data-action="end-step"]');
  if (stepwise && (await step.count())) return { kind: 'step', button: step };
  const end = page.locator(phone ? '[data-action="strip-end-turn"]' : '[data-action="end-turn"]');
  if (await end.count()) return { kind: 'end', button: end };
  return null;
}

/**
 * Plays on through the panels only (no All actions button) until `until(state)` holds: draws,
 * refuses offers, ends turns (or, `stepwise`, each step), discards a card when End turn stops for one (the hand's card, then
 * the Discard it offers), passes a window from the turn panel.
 */
async function playOn(page, until, { phone = false, limit = 60, stepwise = false } = {}) {
  const done = [];
  for (let i = 0; i < limit; i += 1) {
    await yourTurn(page);
    const s = await state(page);
    if (until(s)) return done;
    const action = await mainAction(page, phone, stepwise);
    if (action) {
      await action.button.click();
      done.push(action.kind);
    } else if (s.types.includes('DiscardCrownCard')) {
      if (phone) await page.locator('[data-tab="cards"]').click();
      await page.locator('[data-card-button]').first().click();
      if (phone) await page.locator('[data-tab="play"]').click();
      await page.locator('[data-panel="selection"] [data-do="DiscardCrownCard"]').click();
      await page.locator('[data-dialog="confirm"] [data-confirm="yes"]').click();
      done.push('discard');
    } else {
      const pass = page.locator('[data-panel="turn"] [data-do="Pass"], [data-panel="turn"] [data-action="end-step"]');
      if (!(await pass.count())) throw new Error(`no way on through the panels: ${s.phase}, ${[...new Set(s.types)].join(',')}`);
      if (phone && (await page.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await page.locator('[data-tab="play"]').click();
      await pass.first().click();
      done.push('pass');
    }
    const confirm = page.locator('[data-dialog="confirm"] [data-confirm="yes"]');
    await page.waitForTimeout(150);
    if (await confirm.count()) await confirm.click();
    await page.waitForFunction((g) => !document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').busy, G);
  }
  throw new Error(`not reached in ${limit} steps: ${done.join(',')}`);
}

/** A Noble of yours that can move and the best road target of it on screen; the noble's id. */
async function chooseNoble(page, s, { tap = false, exclude = [] } = {}) {
  for (const key of s.selectable.filter((k) => k.startsWith('nobles:') && !exclude.includes(k))) {
    const at = await centre(page, key);
    if (!(await onMap(page, at))) continue;
    if (tap) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    await page.waitForFunction((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.length > 0, G, { timeout: 5000 });
    return key;
  }
  throw new Error(`no Noble of yours to choose on screen: ${s.selectable.join(', ')}`);
}

/** After a click on the map: overlapping rings ask which place is meant; the one named `label` is chosen. */
export async function answerCluster(page, label, touch = false) {
  await page.waitForTimeout(150);
  const chooser = page.locator('[data-dialog="chooser"]');
  if (!(await chooser.count())) return false;
  const option = chooser.locator(`[data-choice="${label.replace(/"/g, '\\"')}"]`);
  const pick = (await option.count()) ? option : chooser.locator('[data-choice]').first();
  if (touch) await pick.tap();
  else await pick.click();
  return true;
}

/** A target of the chosen piece: a place it moves to (not a Free Move), on screen. */
export async function moveTarget(page) {
  const s = await state(page);
  for (const t of s.targets.filter((x) => x.style === 'move' && 'location' in x.at)) {
    const at = await centre(page, t.key);
    if (await onMap(page, at)) return { ...t, point: at };
  }
  for (const t of s.targets.filter((x) => x.style === 'move')) {
    const at = await centre(page, t.key);
    if (await onMap(page, at)) return { ...t, point: at };
  }
  return null;
}

export async function nobleIds(page, key) {
  return page.evaluate(({ g, key }) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').playModel.pieces.get(key)?.actors ?? [], { g: G, key });
}

export async function placeOf(page, actor) {
  return page.evaluate(({ g, id }) => JSON.stringify(document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').live.nobles[id]?.place), { g: G, id: actor.slice(6) });
}

export async function playChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);

  // --- Desktop: a turn played on the map --------------------------------------------------------
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  watchPage(page, errors);
  await page.addInitScript(() => localStorage.setItem('warwick.speed', 'fast'));
  await startGame(page, url, { seed: 7, bots: 2 });
  const game = Number(await attr(page, 'data-loaded'));
  // The bots play first: their moves are drawn moving along their way, and said in the live region.
  // At the fast speed a moving piece is on screen for a few frames only, so besides looking for
  // one, the map's own count of the moving pieces it drew is read once your turn has come.
  const seen = page.locator('warwick-map g.moving').first().waitFor({ state: 'attached', timeout: 60000 }).then(() => true, () => false);
  await yourTurn(page);
  const drawn = Number((await page.locator('warwick-map').first().getAttribute('data-moves-drawn')) ?? 0);
  const moving = drawn > 0 || (await Promise.race([seen, new Promise((r) => setTimeout(() => r(false), 100))]));
  const spoken = (await page.locator('warwick-game [data-field="announce"]').textContent()).trim();
  check('play: bot moves are animated along their way and announced in a polite live region', moving && spoken.length > 0, `${drawn} moving pieces drawn; ${spoken.slice(0, 100)}`);
  let s = await state(page);

  // The digest: every bot command since your last turn, one line each (passes folded).
  {
    const expected = await botCommandsSinceYourTurn(url, game, s.you);
    const shown = await digestShown(page);
    check('play: the digest lists every bot action since your last turn', shown.lines > 0 && shown.lines + shown.folded === expected,
      `${shown.lines} lines + ${shown.folded} folded, ${expected} bot commands in the timeline`);
    await page.locator('[data-panel="digest"] button.digest-line[data-icon="move"]').first().click();
    await page.locator('warwick-map .focus').first().waitFor({ timeout: 5000 });
    check('play: a digest line shows its place on the map', true);
    await shot(page, 'web-play-digest.png');
  }

  // Offers have their own panel, out of All actions.
  {
    const offers = page.locator('[data-panel="offers"]');
    const count = (await offers.count()) ? Number(await offers.locator('summary .count').first().textContent()) : 0;
    const inList = await page.locator('[data-panel="actions"] button.command').evaluateAll((els) =>
      els.filter((e) => ['HandOverPlace', 'HandOverShip', 'OfferGift', 'ProposeAlliance'].includes(e.dataset.command)).length);
    check('play: offers you may make are in their own panel, not in All actions', count > 0 && inList === 0, `${count} offers, ${inList} in All actions`);
    await offers.locator('summary').first().click();
    await shot(page, 'web-play-offers.png');
    await offers.locator('summary').first().click();
  }

  // The Event drawn from the turn panel, then a Noble chosen on the map: its places are marked.
  await playOn(page, (x) => x.phase === 'movement' && x.active === x.you && x.selectable.some((k) => k.startsWith('nobles:')));
  s = await state(page);
  const chosen = await chooseNoble(page, s);
  const [actor] = await nobleIds(page, chosen);
  s = await state(page);
  check('play: clicking a Noble marks every place it can go', s.targets.length > 0 && (await page.locator('warwick-map .target').count()) > 0,
    `${chosen}: ${s.targets.length} targets`);
  check('play: the choice is named in its panel', (await page.locator('[data-panel="selection"] h2').textContent()).includes('Chosen'));
  const target = await moveTarget(page);
  check('play: a destination of the chosen Noble is on screen', !!target, target?.label);
  await page.mouse.move(target.point.x, target.point.y);
  await page.locator('warwick-map path.route').first().waitFor({ timeout: 5000 });
  check('play: hovering a destination draws the way there', true, target.label);
  await shot(page, 'web-play-chosen.png');
  {
    const before = await placeOf(page, actor);
    const head = s.head;
    await page.mouse.click(target.point.x, target.point.y);
    await answerCluster(page, target.label);
    await page.waitForFunction(({ g, head }) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').head > head && !document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').busy, { g: G, head }, { timeout: 15000 });
    await page.waitForTimeout(300);
    const after = await placeOf(page, actor);
    check('play: clicking a marked place moves the Noble there (2 clicks for a road move)', before !== after, `${target.label}: ${before} → ${after}`);
  }

  // A sea voyage: a ship clicked, then a ringed port or sea Area (2 clicks).
  await yourTurn(page);
  {
    s = await state(page);
    let ship;
    for (const key of s.selectable.filter((k) => k.startsWith('ship:'))) {
      const at = await centre(page, key);
      if (!(await onMap(page, at))) continue;
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.length > 0, null, { timeout: 5000 });
      ship = key.slice(5);
      break;
    }
    const voyage = ship && (await moveTarget(page));
    check('play: clicking a ship rings the ports and seas it can sail to', !!voyage, voyage?.label ?? 'no ship of yours on screen');
    if (voyage) {
      const where = () => page.evaluate((id) => JSON.stringify(document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').live.ships[id]?.place), ship);
      const before = await where();
      const head = (await state(page)).head;
      await page.mouse.move(voyage.point.x, voyage.point.y);
      await shot(page, 'web-play-ship.png');
      await page.mouse.click(voyage.point.x, voyage.point.y);
      await page.waitForFunction((head) => {
        const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
        return game.head > head && !game.busy;
      }, head, { timeout: 15000 });
      const after = await where();
      check('play: clicking a ringed port sails the ship there (2 clicks)', before !== after, `${voyage.label}: ${before} → ${after}`);
    }
  }

  // A place it cannot reach: the engine's reason, in words.
  await yourTurn(page);
  s = await state(page);
  {
    const other = await chooseNoble(page, s, { exclude: [] });
    const marked = new Set((await state(page)).targets.map((t) => t.key));
    const places = await page.locator('warwick-map [data-place]').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { id: e.dataset.place, x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }));
    const from = await centre(page, other);
    const candidates = [];
    for (const p of places) if (!marked.has(`location:${p.id}`) && (await onMap(page, p))) candidates.push(p);
    candidates.sort((a, b) => Math.hypot(b.x - from.x, b.y - from.y) - Math.hypot(a.x - from.x, a.y - from.y));
    const far = candidates[0];
    await page.mouse.click(far.x, far.y);
    const message = page.locator('warwick-game [data-field="message"][data-kind="refusal"]');
    await message.waitFor({ timeout: 10000 });
    const words = (await message.textContent()).replace(/\s+/g, ' ').trim();
    check('play: a place the rules refuse shows the engine\'s reason in words', /^Not allowed: .{8,}/.test(words), `${far.id}: ${words}`);
    await shot(page, 'web-play-refused.png');
    await page.keyboard.press('Escape');
    check('play: Escape gives up the choice', (await state(page)).selection.length === 0);
  }

  // All actions: grouped, at most 12 lines a group unopened, and a filter.
  {
    const list = page.locator('[data-panel="actions"] details.all');
    await list.locator('summary').first().click();
    const groups = await page.locator('[data-panel="actions"] .group').evaluateAll((els) => els.map((g) => ({
      title: g.dataset.group,
      visible: [...g.querySelectorAll('button.command')].filter((b) => b.checkVisibility()).length,
      all: g.querySelectorAll('button.command').length,
    })));
    check('play: All actions shows no group longer than 12 lines unopened', groups.length > 0 && groups.every((g) => g.visible <= 12),
      groups.map((g) => `${g.title} ${g.visible}/${g.all}`).join(', '));
    const word = 'open field';
    await page.locator('[data-panel="actions"] [data-field="filter"]').fill(word);
    const shown = await page.locator('[data-panel="actions"] button.command').evaluateAll((els) => els.filter((b) => b.checkVisibility()).map((b) => b.textContent.trim().toLowerCase()));
    check('play: the filter keeps only the matching actions', shown.length > 0 && shown.every((t) => t.includes(word)), `"${word}": ${shown.length} shown`);
    await page.locator('[data-panel="actions"] .group').first().scrollIntoViewIfNeeded();
    await shot(page, 'web-play-all-actions.png');
    await page.locator('[data-panel="actions"] [data-field="filter"]').fill('');
    await list.locator('summary').first().click();
  }

  // End turn: through the steps that require nothing; the bots play on.
  {
    const bots = Number(await attr(page, 'data-bot-moves'));
    // Slow bots, so that they can be paused while they play (below).
    await page.locator('[data-field="speed"]').selectOption('slow');
    await page.locator('[data-action="end-turn"]').click();
    const confirm = page.locator('[data-dialog="confirm"] [data-confirm="yes"]');
    await page.waitForTimeout(200);
    const asked = (await confirm.count()) > 0;
    if (asked) {
      await shot(page, 'web-play-confirm-end-turn.png');
      await confirm.click();
    }
    // A discard owed is asked in place: the hand shown, the first card chosen.
    let discarded = '';
    for (;;) {
      const seen = await (await page.waitForFunction(({ g, bots }) => {
        const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
        if (game.discard) return 'discard';
        return Number(game.dataset.botMoves) > bots || !!game.flowNote ? 'on' : false;
      }, { g: G, bots }, { timeout: 30000 })).jsonValue();
      if (seen !== 'discard') break;
      if (!discarded) await shot(page, 'web-play-discard-in-place.png');
      discarded = (await page.locator('[data-dialog="discard"] [data-discard]').first().textContent()).replace(/\s+/g, ' ').trim();
      await page.locator('[data-dialog="discard"] [data-discard]').first().click();
    }
    const note = await page.evaluate((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').flowNote ?? '', G);
    check('play: End turn goes through the steps, or says what it stops for', Number(await attr(page, 'data-bot-moves')) > bots || note.startsWith('Stopped: '),
      `${asked ? 'asked about unspent Free Moves; ' : ''}${discarded ? `discarded ${discarded} from the hand shown in place; ` : ''}${note || 'bots playing'}`);
  }

  // Pausing while the bots play: a banner says so, with Resume.
  {
    // Play on from the panels (a discard, a card window passed, End turn) until the bots are playing.
    let playing = false;
    for (let i = 0; i < 12 && !playing; i += 1) {
      const now = await (await page.waitForFunction(() => {
        const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
        // Bots answering a window of your turn (politicking) is not your turn being over: End
        // turn goes on after them, and may yet ask for your discard.
        if (g.running && g.botsToMove && g.live?.clock.active !== g.you) return { bots: true };
        if (g.discard) return { bots: false, dialog: true };
        if (!g.yourTurn || g.running || g.busy || g.flowing) return null;
        const has = (t) => g.legal.some((l) => l.command.type === t);
        return { bots: false, discard: has('DiscardCrownCard'), pass: has('Pass') && g.live.clock.active !== g.you };
      }, null, { timeout: 60000 })).jsonValue();
      if (now.bots) {
        playing = true;
        break;
      }
      if (now.dialog) {
        await page.locator('[data-dialog="discard"] [data-discard]').first().click();
      } else if (now.discard) {
        await page.locator('[data-card-button]').first().click();
        await page.locator('[data-panel="selection"] [data-do="DiscardCrownCard"]').click();
        await page.locator('[data-dialog="confirm"] [data-confirm="yes"]').click();
      } else if (now.pass) {
        await page.locator('[data-panel="turn"] [data-do="Pass"]').click();
      } else if (await page.locator('[data-action="end-turn"]').count()) {
        await page.locator('[data-action="end-turn"]').click();
        await page.waitForTimeout(200);
        if (await page.locator('[data-dialog="confirm"] [data-confirm="yes"]').count()) await page.locator('[data-dialog="confirm"] [data-confirm="yes"]').click();
      } else {
        await mainAction(page, false).then((a) => a?.button.click());
      }
      await page.waitForTimeout(300);
    }
    check('play: the bots play once your turn is over', playing);
    await page.locator('[data-action="pause"]').click();
    await page.waitForFunction(() => !document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').running, null, { timeout: 10000 });
    await page.locator('[data-field="paused-banner"]').waitFor({ timeout: 5000 });
    check('play: paused bots show a banner with Resume', (await page.locator('[data-field="paused-banner"] [data-action="resume"]').count()) === 1,
      (await page.locator('[data-field="paused-banner"]').textContent()).replace(/\s+/g, ' ').trim());
    await shot(page, 'web-play-paused.png');
    await page.locator('[data-field="paused-banner"] [data-action="resume"]').click();
    await page.locator('[data-field="speed"]').selectOption('fast');
  }

  // Round 2, your turn again: the digest holds every bot action since your last turn.
  await playOn(page, (x) => x.round >= 2 && x.active === x.you, { limit: 80 });
  {
    const you = (await state(page)).you;
    const expected = await botCommandsSinceYourTurn(url, game, you);
    const shown = await digestShown(page);
    check('play: next turn, the digest again lists every bot action since your last turn', shown.lines + shown.folded === expected && expected > 0,
      `${shown.lines} lines + ${shown.folded} folded, ${expected} bot commands`);
  }

  // Undo never leaves the bots silently stopped.
  {
    const undo = page.locator('[data-panel="turn"] [data-action="undo"]');
    if (await undo.isEnabled()) {
      await undo.click();
      await page.locator('[data-field="message"]').waitFor({ timeout: 10000 });
      // The undo is done (the message may be an earlier one): then paused means paused.
      await page.waitForFunction(() => !document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').busy, null, { timeout: 20000 });
      const st = await page.evaluate((g) => ({ paused: document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').paused, bots: document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').botsToMove }), G);
      const banner = await page.locator('[data-field="paused-banner"]').count();
      // The message about the undo and the banner share a row: dismiss it to see the banner.
      if (st.paused && st.bots) {
        await page.locator('[data-field="message"] .close').click();
        await page.locator('[data-field="paused-banner"]').waitFor({ timeout: 5000 });
      }
      check('play: after Undo the bots are either running or a banner says they are paused',
        !st.paused || !st.bots || (await page.locator('[data-field="paused-banner"]').count()) === 1, `${JSON.stringify(st)} banner ${banner}`);
      if (st.paused && st.bots) await page.locator('[data-action="resume"]').click();
    }
  }

  // Menu: a menu, asking before leaving.
  {
    await page.locator('warwick-game [data-action="menu"]').click();
    const dialog = page.locator('warwick-game [data-dialog="menu"]');
    await dialog.waitFor({ timeout: 5000 });
    const items = await dialog.locator('[data-menu]').evaluateAll((els) => els.map((e) => e.dataset.menu));
    check('play: Menu opens a menu (resume, rules, settings, resign, leave) instead of leaving', ['resume', 'rules', 'settings', 'resign', 'leave'].every((m) => items.includes(m)) &&
      (await page.locator('warwick-game').count()) === 1, items.join(', '));
    await shot(page, 'web-play-menu.png');
    await dialog.locator('[data-menu="resume"]').click();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
  }
  // A card awarded by tapping it, then a Noble on the map (End of turn, step 3).
  {
    await playOn(page, (x) => (x.phase === 'end_of_turn' && x.active === x.you && x.types.includes('AwardCard')) || x.round >= 4, { stepwise: true, limit: 120 });
    const cards = await page.evaluate((g) => {
      const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      return [...new Set(game.intents.filter((i) => i.verb === 'award' && i.actor?.kind === 'card').map((i) => i.actor.id))];
    }, G);
    check('play: a card can be awarded at the end of your turn', cards.length > 0, cards.join(', '));
    if (cards.length) {
      const head = (await state(page)).head;
      await page.locator(`[data-card-button="${cards[0]}"]`).click();
      await page.waitForFunction((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.some((k) => k.startsWith('card:')), G);
      const t = (await state(page)).targets.find((x) => 'piece' in x.at);
      const at = t && (await centre(page, t.key));
      check('play: tapping a card rings the Nobles it can go to', !!t && (await onMap(page, at)), t?.label);
      await shot(page, 'web-play-card-chosen.png');
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction((head) => {
        const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
        return game.head > head && !game.busy;
      }, head, { timeout: 15000 });
      const awarded = await page.evaluate((head) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').log
        .filter((r) => Number(r.seq) > head && (r.kind === 'CardAwarded' || r.kind === 'CityCardAwarded' || r.kind === 'NobleEntered')).map((r) => r.description), head);
      check('play: then tapping a ringed Noble awards it (2 taps)', awarded.length > 0, awarded.join('; '));
      await shot(page, 'web-play-card-awarded.png');
    }
  }
  // A proposal from the Offer panel: it says it waits for an answer, then shows the answer.
  {
    await yourTurn(page);
    const offers = page.locator('[data-panel="offers"]');
    if (await offers.count()) {
      await offers.locator('summary').first().click();
      const buttons = offers.locator('button.command');
      const kinds = await buttons.evaluateAll((els) => els.map((e) => e.dataset.command));
      const i = Math.max(0, kinds.findIndex((k) => k === 'ProposeAlliance'));
      await buttons.nth(i).evaluate((e) => {
        for (let d = e.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
      });
      const what = (await buttons.nth(i).textContent()).trim();
      await buttons.nth(i).click();
      const proposal = page.locator('warwick-game [data-panel="proposal"]');
      await proposal.waitFor({ timeout: 10000 });
      const first = (await proposal.textContent()).replace(/\s+/g, ' ').trim();
      await page.waitForFunction(() => {
        const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
        return !!g.proposal?.answer || (!g.running && g.yourTurn && !g.busy);
      }, null, { timeout: 60000 });
      const answer = (await proposal.count()) ? (await proposal.textContent()).replace(/\s+/g, ' ').trim() : '';
      check('play: a proposal says it waits for an answer, then shows it', /Your proposal/.test(first) && /accepted|refused/.test(answer), `${what}: ${first} → ${answer}`);
      await shot(page, 'web-play-proposal.png');
    } else {
      check('play: a proposal says it waits for an answer, then shows it', false, 'no offer to make at the end of the turn');
    }
  }
  check('play: no script errors (desktop)', errors.length === 0, errors.join('; '));
  await page.close();

  // --- Keyboard alone ---------------------------------------------------------------------------
  {
    const kb = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const kbErrors = [];
    watchPage(kb, kbErrors);
    await kb.addInitScript(() => localStorage.setItem('warwick.speed', 'fast'));
    await startGame(kb, url, { seed: 7, bots: 2 });
    await yourTurn(kb);
    const tabTo = async (test, limit = 80, key = 'Tab') => {
      // Already there (focus lands on the turn's required action).
      const now = await focused(kb);
      if (test(now)) return now;
      for (let i = 0; i < limit; i += 1) {
        await kb.keyboard.press(key);
        const f = await focused(kb);
        if (test(f)) return f;
      }
      throw new Error('not reached by Tab');
    };
    const opened = await focused(kb);
    check('play (keyboard): when the game opens the focus is on its required action', opened.do === 'DrawEventCard', opened.label);
    await tabTo((f) => f.do === 'DrawEventCard');
    await kb.keyboard.press('Enter');
    await playOn(kb, (x) => x.phase === 'movement' && x.active === x.you, { limit: 10 });
    // The button drawn away, focus goes to the map's pieces (M also goes there); Enter chooses one and focus goes to where it can go.
    let f = await focused(kb);
    check('play (keyboard): once the Event is drawn the focus is on the pieces of the map', !!f.hit, f.label);
    if (!f.hit) {
      await kb.keyboard.press('m');
      f = await focused(kb);
    }
    const selectable = (await state(kb)).selectable;
    for (let i = 0; i < 30 && !(f.hit?.startsWith('nobles:') && selectable.includes(f.hit)); i += 1) {
      await kb.keyboard.press('ArrowRight');
      f = await focused(kb);
    }
    check('play (keyboard): Tab reaches the pieces, each named', !!f.label && /Noble/.test(f.label), f.label);
    await kb.keyboard.press('Enter');
    await kb.waitForFunction((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.length > 0, G, { timeout: 5000 });
    await kb.waitForTimeout(300);
    let t = await focused(kb);
    const targets = new Set((await state(kb)).targets.map((x) => x.key));
    check('play (keyboard): Enter chooses it and focus goes to the marked places', targets.has(t.hit), t.label);
    await kb.keyboard.press('Escape');
    check('play (keyboard): Escape gives up the choice', (await state(kb)).selection.length === 0);
    // Choose again, and move with Enter.
    await kb.waitForTimeout(200);
    f = await focused(kb);
    check('play (keyboard): after Escape the focus is back on the pieces', !!f.hit && !targets.has(f.hit), f.label);
    for (let i = 0; i < 30 && !(f.hit?.startsWith('nobles:') && selectable.includes(f.hit)); i += 1) {
      await kb.keyboard.press('ArrowRight');
      f = await focused(kb);
    }
    await kb.keyboard.press('Enter');
    await kb.waitForFunction((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.length > 0, G, { timeout: 5000 });
    await kb.waitForTimeout(300);
    for (let i = 0; i < 40; i += 1) {
      t = await focused(kb);
      const info = (await state(kb)).targets.find((x) => x.key === t.hit);
      if (info?.style === 'move') break;
      await kb.keyboard.press('ArrowRight');
    }
    await shot(kb, 'web-play-keyboard.png');
    const head = (await state(kb)).head;
    await kb.keyboard.press('Enter');
    await kb.waitForFunction(({ g, head }) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').head > head && !document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').busy, { g: G, head }, { timeout: 15000 });
    check('play (keyboard): Enter on a marked place moves there', true, t.label);
    // End turn from the keyboard.
    // A request for passage is answered by the bot first: wait for your decision again.
    await yourTurn(kb);
    const bots = Number(await attr(kb, 'data-bot-moves'));
    await tabTo((x) => x.action === 'end-turn', 200);
    await kb.keyboard.press('Enter');
    await kb.waitForTimeout(300);
    if (await kb.locator('[data-dialog="confirm"]').count()) await kb.keyboard.press('Enter');
    // A discard owed: the hand shown in place, its first card focused; Enter discards it.
    for (;;) {
      const seen = await (await kb.waitForFunction(({ g, bots }) => {
        const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
        if (game.discard) return 'discard';
        return Number(game.dataset.botMoves) > bots || !!game.flowNote ? 'on' : false;
      }, { g: G, bots }, { timeout: 30000 })).jsonValue();
      if (seen !== 'discard') break;
      await kb.waitForTimeout(150);
      await kb.keyboard.press('Enter');
    }
    check('play (keyboard): End turn by Enter', true);
    check('play (keyboard): no script errors', kbErrors.length === 0, kbErrors.join('; '));
    await kb.close();
  }

  // --- A phone: the board, the prompt and Undo in view; a move by two taps -----------------------
  {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const phoneErrors = [];
    watchPage(phone, phoneErrors);
    await phone.addInitScript(() => localStorage.setItem('warwick.speed', 'fast'));
    await startGame(phone, url, { seed: 7, bots: 2 });
    await yourTurn(phone);
    const inView = async (selector) => {
      const box = await phone.locator(selector).first().boundingBox();
      return !!box && box.y >= 0 && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= 390;
    };
    const map = await phone.locator('warwick-game warwick-map').boundingBox();
    check('phone: the board fills most of the screen', map.height >= 420, `${Math.round(map.height)} px of 844`);
    check('phone: the prompt is in view without scrolling', await inView('[data-field="strip-prompt"]'), await phone.locator('[data-field="strip-prompt"]').textContent());
    check('phone: Undo is in view without scrolling', await inView('[data-action="strip-undo"]'));
    const undoBox = await phone.locator('[data-action="strip-undo"]').boundingBox();
    check('phone: the strip\'s buttons are at least 44 px tall', undoBox.height >= 44, `${undoBox.height}`);
    await shot(phone, 'web-play-phone.png');
    await playOn(phone, (x) => x.phase === 'movement' && x.active === x.you, { phone: true, limit: 10 });
    const st = await state(phone);
    const chosenKey = await chooseNoble(phone, st, { tap: true });
    const [who] = await nobleIds(phone, chosenKey);
    const tgt = await moveTarget(phone);
    check('phone: tapping a Noble marks where it can go, above the strip', !!tgt && tgt.point.y < (await phone.locator('[data-field="strip"]').boundingBox()).y,
      tgt?.label);
    await shot(phone, 'web-play-phone-chosen.png');
    const before = await placeOf(phone, who);
    await phone.touchscreen.tap(tgt.point.x, tgt.point.y);
    await phone.waitForFunction(({ g, head }) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').head > head && !document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').busy, { g: G, head: st.head }, { timeout: 15000 });
    check('phone: a second tap moves it', before !== (await placeOf(phone, who)), tgt.label);
    await phone.waitForTimeout(300);
    await shot(phone, 'web-play-phone-moved.png');
    check('phone: no script errors', phoneErrors.length === 0, phoneErrors.join('; '));
    await phone.close();
  }

  // --- axe-core: the start screen and a game in progress ------------------------------------------
  {
    const audit = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await audit.goto(url);
    await audit.locator('#new-game:not([disabled])').waitFor({ timeout: 15000 });
    const start = await axeAudit(audit);
    check('axe: the start screen has no serious or critical violation', start.length === 0, named(start));
    await audit.goto(new URL(`?game=${game}`, url).toString());
    await audit.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
    await yourTurn(audit);
    const inGame = await axeAudit(audit);
    check('axe: a game in progress has no serious or critical violation', inGame.length === 0, named(inGame));
    await audit.close();
  }
}
