// End-to-end: three full rounds of a solo game played only through the map and the panels
// (never the All actions list), called from run.mjs — at 1440×900 by mouse, at 390×844 by touch,
// and at 1440×900 by keyboard alone. Each mode aims, on its turns, at a road move, a sea voyage,
// an attack or siege, a card award (the card, then the Noble) and answering any offer that comes;
// an illegal drag (desktop) or tap (phone) shows the engine's reason (the keyboard reaches only
// marked places); no command is given from All actions (clicks on it are counted); and at the start of each of your turns (and at the
// end) the digest lists every bot action since your last turn, compared with the service's
// timeline. Bots play at 'instant' speed; a fixed seed. Screenshots go to artifacts/.
import { watchPage } from './serve.mjs';
import { attr, shooter, startGame } from './game.mjs';
import { G, answerCluster, botCommandsSinceYourTurn, centre, digestShown, focused, onMap, state, yourTurn } from './play.mjs';

const SEED = Number(process.env.E2E_ROUNDS_SEED ?? 7);
const ROUNDS = 3;

async function settled(page) {
  await page.waitForFunction((g) => !document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').busy, G);
}

async function headAfter(page, head, timeout = 15000) {
  await page.waitForFunction((head) => {
    const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
    return g.head > head && !g.busy;
  }, head, { timeout });
}

/** The log's records since `head`, as words. */
async function logSince(page, head) {
  return page.evaluate((head) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').log
    .filter((r) => Number(r.seq) > head).map((r) => `${r.kind}: ${r.description}`), head);
}

/** The commands legal now, with the command's fields needed here. */
async function legalNow(page) {
  return page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').legal
    .map((l) => ({ type: l.command.type, kind: l.command.kind, description: l.description })));
}

/** One mode's three rounds. */
async function playRounds(browser, url, check, shot, mode) {
  const phone = mode === 'phone';
  const keys = mode === 'keyboard';
  const tag = `rounds (${mode})`;
  const page = await browser.newPage(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true } : { viewport: { width: 1440, height: 900 } });
  const errors = [];
  watchPage(page, errors);
  await page.addInitScript(() => {
    localStorage.setItem('warwick.speed', 'instant');
    // Every click (or Enter) on a command of the All actions list is counted: there must be none.
    window.__listClicks = 0;
    document.addEventListener('click', (e) => {
      if (e.composedPath().some((n) => n instanceof Element && n.matches('button.command') && !!n.closest('[data-panel="actions"]'))) window.__listClicks += 1;
    }, true);
  });
  await startGame(page, url, { seed: SEED, bots: 2 });
  const id = Number(await attr(page, 'data-loaded'));
  const started = Date.now();
  const clicks = { road: 0, sea: 0, attack: 0, award: 0 };
  const did = { road: '', sea: '', field: '', attack: '', award: '', offer: '', refusal: '' };
  const digests = [];
  let presses = 0;
  let offers = 0;
  let offersSeen = 0;
  /** Discards End turn asked for in place (the hand shown in a dialog). */
  let discards = 0;

  // --- Input: a pointer, a finger, or the keyboard alone ------------------------------------------
  const tabTo = async (test, limit = 150) => {
    let f = await focused(page);
    if (test(f)) return f;
    // Forward, then back (Shift+Tab) when it lies before.
    for (const [key, n] of [['Tab', limit], ['Shift+Tab', 3 * limit]]) {
      for (let i = 0; i < n; i += 1) {
        await page.keyboard.press(key);
        presses += 1;
        f = await focused(page);
        if (test(f)) return f;
      }
    }
    throw new Error(`${tag}: not reached by Tab: ${test}`);
  };
  /** Presses a panel button: clicked, tapped, or reached by Tab and Enter. */
  const press = async (selector, test) => {
    // On a phone the strip's buttons are under the Play sheet while it is open.
    if (phone && selector.startsWith('[data-action="strip-')) await closeSheet();
    if (keys) {
      await tabTo(test);
      await page.keyboard.press('Enter');
      presses += 1;
    } else if (phone) await page.locator(selector).first().tap().then(() => (presses += 1));
    else await page.locator(selector).first().click().then(() => (presses += 1));
  };
  const confirmIfAsked = async () => {
    await page.waitForTimeout(150);
    const yes = page.locator('[data-dialog="confirm"] [data-confirm="yes"]');
    if (await yes.count()) {
      if (keys) {
        await tabTo((f) => f.confirm === 'yes', 10);
        await page.keyboard.press('Enter');
      } else await yes.click().then(() => (presses += 1));
    }
  };
  /** Arrow keys through a group of the map until `key` has the focus. */
  const arrowTo = async (key) => {
    for (let i = 0; i < 200; i += 1) {
      const f = await focused(page);
      if (f.hit === key) return true;
      await page.keyboard.press('ArrowRight');
      presses += 1;
    }
    return false;
  };
  /** Chooses a piece of the map; false when it cannot be reached on screen. */
  const choose = async (key) => {
    if (keys) {
      await page.keyboard.press('m');
      presses += 1;
      if (!(await arrowTo(key))) return false;
      await page.keyboard.press('Enter');
      presses += 1;
    } else {
      const at = await inView(key);
      if (!at) return false;
      if (phone) await page.touchscreen.tap(at.x, at.y);
      else await page.mouse.click(at.x, at.y);
      presses += 1;
    }
    await page.waitForFunction((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.length > 0, G, { timeout: 5000 });
    await page.waitForTimeout(200);
    return true;
  };
  /** Acts on a marked target; false when it is not on screen. */
  const hit = async (key, fromPieces = false) => {
    if (keys) {
      if (fromPieces) {
        // Nothing chosen (an attack): M to the pieces, Tab on to the marked places.
        await page.keyboard.press('m');
        await tabTo((f) => !!f.hit && f.hit === key || (f.hit && f.group === 'targets'), 30);
      }
      if (!(await arrowTo(key))) return false;
      await page.keyboard.press('Enter');
      presses += 1;
      return true;
    }
    const at = await inView(key);
    if (!at) return false;
    const label = await page.evaluate(({ key }) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').playModel?.play.targets.find((t) => t.key === key)?.label ?? '', { key });
    if (phone) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    presses += 1;
    // Overlapping rings: the place is chosen by name (one more press).
    if (label && (await answerCluster(page, label, phone))) presses += 1;
    return true;
  };
  const escape = async () => {
    if (phone && (await page.locator('[data-action="strip-cancel"]').count())) await page.locator('[data-action="strip-cancel"]').tap();
    else await page.keyboard.press('Escape');
    await page.waitForFunction((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.length === 0, G, { timeout: 5000 });
  };
  const openTab = async (name) => {
    if (phone && (await page.locator(`[data-tab="${name}"]`).getAttribute('aria-selected')) !== 'true') await page.locator(`[data-tab="${name}"]`).tap().then(() => (presses += 1));
  };
  const closeSheet = async () => {
    if (!phone) return;
    const open = page.locator('[data-tab][aria-selected="true"]');
    if (await open.count()) await open.first().tap().then(() => (presses += 1));
  };

  /** On a phone: pans the map with a finger until `key` is in the map's frame; its centre, or null. */
  const inView = async (key) => {
    let at = await centre(page, key);
    if (!phone || !at || (await onMap(page, at))) return (await onMap(page, at)) ? at : null;
    const cdp = await page.context().newCDPSession(page);
    try {
      for (let i = 0; i < 4 && at && !(await onMap(page, at)); i += 1) {
        const map = await page.locator('warwick-game warwick-map').boundingBox();
        const cx = map.x + map.width / 2;
        const cy = map.y + map.height / 2;
        const dx = Math.max(-150, Math.min(150, cx - at.x));
        const dy = Math.max(-150, Math.min(150, cy - at.y));
        const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
        await touch('touchStart', cx, cy);
        for (let k = 1; k <= 6; k += 1) await touch('touchMove', cx + (dx * k) / 6, cy + (dy * k) / 6);
        await touch('touchEnd', 0, 0);
        await page.waitForTimeout(150);
        at = await centre(page, key);
      }
    } finally {
      await cdp.detach();
    }
    return (await onMap(page, at)) ? at : null;
  };

  // --- The goals of a turn, through the map -------------------------------------------------------
  /** Moves a piece of `prefix` (nobles:/ship:) along a target accepted by `want`; the click count, or 0. */
  const moveOne = async (s, prefix, want, what, { order = (keys) => keys, rank = () => 0 } = {}) => {
    for (const key of await order(s.selectable.filter((k) => k.startsWith(prefix)))) {
      const head = s.head;
      const from = presses;
      if (!(await choose(key))) continue;
      const ts = (await state(page)).targets.filter((x) => x.style === 'move' && want(x));
      ts.sort((a, b) => rank(b) - rank(a));
      let t;
      for (const x of ts.slice(0, 6)) {
        if (await hit(x.key)) {
          t = x;
          break;
        }
      }
      if (process.env.E2E_DEBUG) console.log(`${tag} ${what} ${key}: ${ts.length} targets, ${t?.label}`);
      if (!t) {
        await escape();
        continue;
      }
      await headAfter(page, head);
      const log = await logSince(page, head);
      did[what] = `${t.label} → ${log.filter((l) => /Moved|Sail|Ship|Noble/.test(l)).slice(0, 2).join('; ') || log.slice(0, 2).join('; ')}`;
      return presses - from;
    }
    return 0;
  };

  const refusal = async (s) => {
    const key = s.selectable.find((k) => k.startsWith('nobles:'));
    if (!key || !(await choose(key))) return;
    const marked = new Set((await state(page)).targets.map((t) => t.key));
    const from = await centre(page, key);
    const places = await page.locator('warwick-map [data-place]').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { id: e.dataset.place, x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }));
    // Away from every piece's hit box (a tap there is about the piece).
    const boxes = await page.locator('warwick-map [data-hit]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
    const clear = (p) => boxes.every((b) => p.x < b.x - 12 || p.x > b.x + b.w + 12 || p.y < b.y - 12 || p.y > b.y + b.h + 12);
    const candidates = [];
    for (const p of places) if (!marked.has(`location:${p.id}`) && clear(p) && (await onMap(page, p))) candidates.push(p);
    candidates.sort((a, b) => Math.hypot(b.x - from.x, b.y - from.y) - Math.hypot(a.x - from.x, a.y - from.y));
    const far = candidates[0];
    if (keys) {
      // The keyboard reaches only marked places; a refusal comes from Enter on a piece that cannot act (below).
      await escape();
      return;
    }
    if (phone) await page.touchscreen.tap(far.x, far.y);
    else {
      // Dragged there.
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(far.x, far.y, { steps: 8 });
      await page.mouse.up();
    }
    const message = page.locator('warwick-game [data-field="message"][data-kind="refusal"]');
    await message.waitFor({ timeout: 10000 });
    did.refusal = `${far.id}: ${(await message.textContent()).replace(/\s+/g, ' ').trim()}`;
    await shot(page, `web-rounds-${mode}-refused.png`);
    if ((await state(page)).selection.length) await escape();
  };

  const attack = async (s) => {
    const t = s.targets.find((x) => x.style === 'attack');
    if (!t) return false;
    const head = s.head;
    const from = presses;
    if (!(await hit(t.key, true))) return false;
    await page.locator('warwick-game [data-panel="battle"]').first().waitFor({ state: 'attached', timeout: 10000 });
    await openTab('play');
    await shot(page, `web-rounds-${mode}-battle.png`);
    let n = 1;
    const launch = '[data-action="commit-all"]';
    if (await page.locator(launch).count()) {
      await openTab('play');
      await press(launch, (f) => f.action === 'commit-all');
      n += 1;
    } else {
      const l = page.locator('[data-panel="battle"] [data-do="LaunchAttack"]');
      if (await l.count()) {
        await openTab('play');
        await press('[data-panel="battle"] [data-do="LaunchAttack"]', (f) => f.do === 'LaunchAttack');
        n += 1;
      }
    }
    // Committing goes Noble by Noble, then launches: wait until no more is committed.
    await page.waitForFunction(() => {
      const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      return !g.busy && !g.legal.some((l) => l.command.type === 'CommitAttacker');
    }, null, { timeout: 30000 });
    await page.waitForTimeout(300);
    await settled(page);
    const types = (await legalNow(page)).map((l) => l.type);
    const launched = (await logSince(page, head)).some((l) => /Launch the attack/.test(l));
    if (!launched && !types.includes('LaunchAttack') && types.includes('CallOffAttack') && (await page.locator('[data-panel="battle"] [data-do="CallOffAttack"]').count())) {
      // Too weak to launch (a siege needs as many troops as the garrison): called off, to be tried again.
      await openTab('play');
      await press('[data-panel="battle"] [data-do="CallOffAttack"]', (f) => f.do === 'CallOffAttack');
      await settled(page);
      await closeSheet();
      if (process.env.E2E_DEBUG) console.log(`${tag} ${t.label}: too weak, called off`);
      return true;
    }
    if (!launched && types.includes('LaunchAttack')) {
      await openTab('play');
      await press('[data-panel="battle"] [data-do="LaunchAttack"]', (f) => f.do === 'LaunchAttack');
      n += 1;
    }
    await headAfter(page, head, 30000);
    await page.waitForTimeout(300);
    const log = await logSince(page, head);
    did.attack = `${t.label}: ${log.slice(0, 5).join('; ')}`;
    clicks.attack = presses - from;
    void n;
    await shot(page, `web-rounds-${mode}-attacked.png`);
    await closeSheet();
    return true;
  };

  const award = async (cardId) => {
    const head = (await state(page)).head;
    const from = presses;
    await openTab('cards');
    if (keys) {
      await tabTo((f) => f.cardButton === cardId);
      await page.keyboard.press('Enter');
    } else if (phone) await page.locator(`[data-card-button="${cardId}"]`).tap();
    else await page.locator(`[data-card-button="${cardId}"]`).click();
    presses += 1;
    await page.waitForFunction((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.some((k) => k.startsWith('card:')), G);
    await page.waitForTimeout(200);
    if (phone) await closeSheet();
    const targets = (await state(page)).targets.filter((x) => 'piece' in x.at);
    for (const t of targets) {
      if (keys) {
        // Focus to the ringed Nobles: Tab on from the hand to the map's marked pieces.
        await tabTo((f) => !!f.hit && targets.some((x) => x.key === f.hit), 300);
      }
      await shot(page, `web-rounds-${mode}-card-chosen.png`);
      if (!(await hit(t.key))) continue;
      await headAfter(page, head);
      const log = await logSince(page, head);
      did.award = `${cardId} → ${t.label}: ${log.slice(0, 2).join('; ')}`;
      clicks.award = presses - from;
      return true;
    }
    await escape();
    return false;
  };

  /** One step on through the panels (draw, offers answered, End turn, a discard, a pass). */
  const onward = async (s) => {
    const types = new Set(s.types);
    const accept = page.locator('[data-action="accept-offer"]');
    if (await accept.count()) {
      offersSeen += 1;
      const words = (await page.locator('warwick-game [data-field="offer"], warwick-game [data-field="strip"]').first().textContent()).replace(/\s+/g, ' ').trim();
      await shot(page, `web-rounds-${mode}-offer.png`);
      const head = s.head;
      // Answer it: accept.
      // On a phone: the strip's (the Play sheet closed first).
      if (phone) await closeSheet();
      await press(phone ? '[data-field="strip"] [data-action="accept-offer"]' : '[data-action="accept-offer"]:visible', (f) => f.action === 'accept-offer');
      await headAfter(page, head);
      await page.waitForTimeout(200);
      const answer = (await logSince(page, head)).slice(0, 3).join('; ');
      did.offer ||= `${words.slice(0, 100)} → accepted: ${answer}`;
      offers += 1;
      return 'offer';
    }
    if (types.has('DrawEventCard')) {
      await press(phone ? '[data-action="strip-draw"]' : '[data-panel="turn"] [data-do="DrawEventCard"]', (f) => f.do === 'DrawEventCard');
      return 'draw';
    }
    const step = '[data-panel="turn"] [data-action="end-step"]';
    if (s.active === s.you && s.phase === 'movement' && !did.attack && (await page.locator(step).count())) {
      // Step by step into the Combat phase (End turn would go through it): there, an attack.
      await openTab('play');
      await press(step, (f) => f.action === 'end-step');
      await closeSheet();
      return 'step';
    }
    if (s.active === s.you && !did.award && ['combat', 'parliament', 'coronation'].includes(s.phase) && (await page.locator(step).count())) {
      // Step by step into the End of Turn phase (End turn goes through it in one action): there, a card awarded.
      await openTab('play');
      await press(step, (f) => f.action === 'end-step');
      await closeSheet();
      return 'step';
    }
    const end = phone ? '[data-action="strip-end-turn"]' : '[data-action="end-turn"]';
    // A window within your turn (a launched attack's): Pass, from the turn panel (the strip's End turn stops there).
    const passOnly = types.has('Pass') && !types.has('EndStep') && s.phase !== 'end_of_turn';
    if (s.active === s.you && !passOnly && (await page.locator(end).count())) {
      await press(end, (f) => f.action === 'end-turn');
      await confirmIfAsked();
      return 'end';
    }
    if (types.has('DiscardCrownCard')) {
      await openTab('cards');
      if (keys) {
        await tabTo((f) => 'cardButton' in f);
        await page.keyboard.press('Enter');
      } else await page.locator('[data-card-button]').first().click();
      await openTab('play');
      await press('[data-panel="selection"] [data-do="DiscardCrownCard"]', (f) => f.do === 'DiscardCrownCard');
      await confirmIfAsked();
      return 'discard';
    }
    const pass = '[data-panel="turn"] [data-do="Pass"], [data-panel="turn"] [data-action="end-step"]';
    if (await page.locator(pass).count()) {
      await openTab('play');
      await press(pass, (f) => f.do === 'Pass' || f.action === 'end-step');
      await confirmIfAsked();
      return 'pass';
    }
    throw new Error(`${tag}: no way on through the panels: ${s.phase}, ${[...types].join(',')}`);
  };

  // --- The rounds ---------------------------------------------------------------------------------
  let turn = '';
  let done = new Set();
  const steps = [];
  try {
    // End turn's discard, in place: the first card of the hand shown (focused: Enter by keyboard).
    const discardInPlace = async () => {
      discards += 1;
      if (keys) {
        await page.keyboard.press('Enter');
        presses += 1;
      } else if (phone) await page.locator('[data-dialog="discard"] [data-discard]').first().tap().then(() => (presses += 1));
      else await page.locator('[data-dialog="discard"] [data-discard]').first().click().then(() => (presses += 1));
    };
    for (let i = 0; i < 400; i += 1) {
      await yourTurn(page, 90000, discardInPlace);
      await settled(page);
      const s = await state(page);
      if (s.round > ROUNDS && s.active === s.you) {
        digests.push({ at: `${s.round}:start`, ...(await digestCheck(page, url, id, s.you)) });
        break;
      }
      if (s.round > ROUNDS + 1) break;
      if (s.active === s.you && `${s.round}` !== turn) {
        turn = `${s.round}`;
        done = new Set();
        digests.push({ at: `${s.round}`, ...(await digestCheck(page, url, id, s.you)) });
        if (s.round === 1) await shot(page, `web-rounds-${mode}-digest.png`);
      }
      if (s.active === s.you && !s.selection.length) {
        const legal = await legalNow(page);
        // On a phone the Play sheet opens by itself when you must decide: closed, the map shows.
        if (s.phase === 'movement' || s.phase === 'combat') await closeSheet();
        if (s.phase === 'movement') {
          if (!did.refusal && !done.has('refusal') && !keys) {
            done.add('refusal');
            await refusal(s);
            continue;
          }
          if (!did.sea && !done.has('sea') && s.selectable.some((k) => k.startsWith('ship:'))) {
            done.add('sea');
            clicks.sea = await moveOne(s, 'ship:', (t) => 'location' in t.at || 'sea' in t.at, 'sea');
            if (clicks.sea) await shot(page, `web-rounds-${mode}-sailed.png`);
            continue;
          }
          // Into an open field, so that the Combat phase has something to attack or besiege.
          if (!did.attack && !done.has('field') && done.has('road')) {
            done.add('field');
            // The biggest stack, to an Area with a castle (garrison 100) that is not yours: a siege it can launch.
            const castles = await page.evaluate(() => {
              const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
              return g.content.locations.filter((l) => l.kind === 'castle' && g.live.control[l.id]?.faction !== g.you && !g.live.besieged[l.id]).map((l) => l.area);
            });
            const count = (key) => page.evaluate((key) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').playModel.pieces.get(key)?.actors.length ?? 0, key);
            const order = async (keys) => {
              const n = await Promise.all(keys.map(count));
              return keys.map((k, i) => [k, n[i]]).sort((a, b) => b[1] - a[1]).map(([k]) => k);
            };
            const n = await moveOne(s, 'nobles:', (t) => 'area' in t.at, 'field', { order, rank: (t) => (castles.includes(t.at.area) ? 1 : 0) });
            if (process.env.E2E_DEBUG) console.log(`${tag} r${s.round} field: ${n} ${did.field} selectable ${s.selectable.join(' ')}`);
            if (n) continue;
          }
          if (!done.has('road') && legal.some((l) => l.type === 'MoveNoble' && l.kind === 'road')) {
            done.add('road');
            const n = await moveOne(s, 'nobles:', (t) => 'location' in t.at && /road/i.test(t.label), 'road');
            if (n && !clicks.road) {
              clicks.road = n;
              await shot(page, `web-rounds-${mode}-road.png`);
            }
            continue;
          }
        }
        if (process.env.E2E_DEBUG && s.phase === 'combat') console.log(`${tag} r${s.round} combat targets: ${JSON.stringify(s.targets)} types ${[...new Set(s.types)]}`);
        if (s.phase === 'combat' && !did.attack && !done.has('attack') && s.targets.some((t) => t.style === 'attack')) {
          done.add('attack');
          if (await attack(s)) continue;
        }
        if (s.phase === 'end_of_turn' && !did.award && !done.has('award') && s.types.includes('AwardCard')) {
          done.add('award');
          const cards = await page.evaluate(() => [...new Set(document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').intents
            .filter((x) => x.verb === 'award' && x.actor?.kind === 'card').map((x) => x.actor.id))]);
          if (cards.length && (await award(cards[0]))) continue;
        }
      }
      steps.push(await onward(s));
      await settled(page);
    }
  } catch (error) {
    await shot(page, `web-rounds-${mode}-stuck.png`);
    check(`${tag}: played on without a dead end`, false, String(error?.stack ?? error).slice(0, 900));
  }
  const s = await state(page);
  const unit = keys ? 'key presses' : phone ? 'taps' : 'clicks';
  const list = await page.evaluate(() => window.__listClicks);
  check(`${tag}: three full rounds played through the map and panels`, s.round > ROUNDS && list === 0,
    `round ${s.round}, ${((Date.now() - started) / 1000).toFixed(0)} s, ${steps.length} panel steps (${steps.slice(-6).join(",")}; ${s.phase}), commands given from All actions: ${list}${keys ? `, ${presses} key presses` : ''}`);
  check(`${tag}: the digest listed every bot action at each of your turns`, digests.length >= ROUNDS + 1 && digests.every((d) => d.ok),
    digests.map((d) => `r${d.at} ${d.lines}+${d.folded}/${d.expected}`).join(', '));
  check(`${tag}: a road move by the map (${clicks.road} ${unit})`, !!did.road, did.road);
  check(`${tag}: a sea voyage by the map (${clicks.sea} ${unit})`, !!did.sea, did.sea || 'no ship of yours could sail');
  check(`${tag}: an attack or siege from the map (${clicks.attack} ${unit})`, !!did.attack, did.attack || 'no attack was possible');
  check(`${tag}: a card awarded, the card then the Noble (${clicks.award} ${unit})`, !!did.award, did.award);
  if (!keys) check(`${tag}: an illegal ${phone ? 'tap' : 'drag'} shows the engine's reason`, /^Not allowed: .{8,}/.test(did.refusal.replace(/^[^:]*: /, '')), did.refusal);
  check(`${tag}: every offer that came was answered from its panel${offersSeen ? '' : ' (none came)'}`, offers === offersSeen, did.offer || 'no offer came in these rounds');
  check(`${tag}: End turn asked for each discard in place, the hand shown (${discards} discarded there)`, discards > 0, `${discards} in ${ROUNDS} rounds`);
  await shot(page, `web-rounds-${mode}-end.png`);
  check(`${tag}: no script errors`, errors.length === 0, errors.join('; '));
  await page.close();
  return did;
}

async function digestCheck(page, url, id, you) {
  const expected = await botCommandsSinceYourTurn(url, id, you);
  const shown = await digestShown(page);
  return { ok: shown.lines + shown.folded === expected, lines: shown.lines, folded: shown.folded, expected };
}

export async function roundsChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);
  const modes = (process.env.E2E_ROUNDS_MODES ?? 'desktop,phone,keyboard').split(',');
  const offers = [];
  for (const mode of modes) offers.push((await playRounds(browser, url, check, shot, mode)).offer);
  return offers;
}
