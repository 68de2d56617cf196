// End-to-end checks of the rules help (called from run.mjs; alone: `node ui/e2e/help.mjs`), in
// headless Chromium against `warwick serve`, at 1440×900 and 390×844: the reference opens from
// the start screen, its search finds a rule and the hit opens that section at its rulebook
// number; in a game the step under way says what it is for with a link into the reference; a
// move the rules refuse shows the reason with the rule's link, and the link opens the section
// the rule is in; log lines link their rules and the set-up lines fold into one; the timeline
// speaks in rounds and turns; the map key covers every mark; the start screen's controls and the Prestige
// panel explain themselves; the Rules button of the game screen opens the contents; and the
// guided first game shows its notes through both scripted rounds, folds, pauses and resumes.
// Screenshots go to artifacts/.
import { startGame, shooter } from './game.mjs';
import { watchPage } from './serve.mjs';

/** Where the game stands, as the page holds it. */
async function state(page) {
  return page.evaluate(() => {
    const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
    const play = game.playModel?.play;
    return {
      phase: game.live?.clock.phase,
      yourTurn: game.yourTurn && !game.running && !game.busy,
      selectable: play ? Object.entries(play.pieces).filter(([, p]) => p.selectable).map(([k]) => k) : [],
      targets: play ? play.targets.map((t) => t.key) : [],
      types: game.legal.map((l) => l.command.type),
    };
  });
}

/** Plays the simplest way (draw, pass, end the step) until your Movement Phase. */
async function toMovement(page) {
  for (let i = 0; i < 60; i += 1) {
    await page.waitForFunction(() => {
      const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      return game && game.yourTurn && !game.running && !game.busy && game.legal.length > 0;
    }, null, { timeout: 90000 });
    const s = await state(page);
    if (s.phase === 'movement' && s.selectable.some((k) => k.startsWith('nobles:'))) return s;
    await page.evaluate(() => {
      const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      const pick = ['DrawEventCard', 'Pass', 'EndStep'].map((t) => game.legal.find((l) => l.command.type === t)).find(Boolean) ?? game.legal[0];
      return game.choose(pick);
    });
    await page.waitForTimeout(200);
  }
  throw new Error('the Movement Phase did not come');
}

/** The viewer's section shown, and the anchor marked in it. */
async function shown(page) {
  return page.evaluate(() => {
    const help = document.querySelector('warwick-help');
    const article = help?.shadowRoot.querySelector('article');
    return {
      open: !!help,
      section: article?.dataset.section ?? null,
      entry: article?.dataset.entry ?? null,
      anchor: help?.shadowRoot.querySelector('.hit-anchor')?.id ?? null,
    };
  });
}

async function searchChecks(page, label, check, shot) {
  // The start screen's controls explain themselves: a "?" with a bubble and a link.
  const tip = page.locator('warwick-help-tip[topic="start.setup"] button');
  await tip.waitFor({ timeout: 15000 });
  await tip.click();
  const bubble = page.locator('warwick-help-tip[topic="start.setup"] .bubble');
  await bubble.waitFor({ timeout: 5000 });
  const said = (await bubble.textContent()).replace(/\s+/g, ' ').trim();
  check(`help ${label}: a start-screen control explains itself, with a link to the rule`, /Controlled random/.test(said) && /§5\.01/.test(said), said);
  check(`help ${label}: the tip does not change the control`, (await page.locator('[data-field="setup"]').inputValue()) === 'preset');
  await shot(page, `web-help-tip-${label}.png`);
  await tip.click();
  await page.locator('#open-rules').click();
  await page.locator('warwick-help nav.only a[data-section]').first().waitFor({ timeout: 15000 });
  const sections = await page.locator('warwick-help nav.only a[data-section]').count();
  check(`help ${label}: the reference opens from the start screen, with its sections`, sections >= 20, `${sections} sections`);
  await shot(page, `web-help-contents-${label}.png`);
  await page.locator('warwick-help input[type="search"]').fill('regional');
  const first = page.locator('warwick-help [data-field="hits"] a').first();
  await first.waitFor({ timeout: 5000 });
  check(`help ${label}: searching "regional" finds Regional moves first`, (await first.getAttribute('href')) === '#help/movement/9.10', await first.getAttribute('href'));
  await shot(page, `web-help-search-${label}.png`);
  await first.click();
  await page.locator('warwick-help article[data-section="movement"]').waitFor({ timeout: 5000 });
  const s = await shown(page);
  check(`help ${label}: the hit opens Movement at §9.10`, s.section === 'movement' && s.anchor === '9.10', JSON.stringify(s));
  await page.locator('warwick-help figure.map-example svg').first().waitFor({ timeout: 15000 });
  const drawn = await page.locator('warwick-help figure.map-example').first().evaluate((f) => ({
    areas: JSON.parse(f.dataset.map).areas.length,
    caption: f.querySelector('figcaption').textContent,
  }));
  check(`help ${label}: the section shows its example drawn on the real map`, drawn.areas > 3, `${drawn.areas} Areas marked: ${drawn.caption}`);
  await shot(page, `web-help-section-${label}.png`);
  await page.locator('warwick-help input[type="search"]').fill('carlisle');
  const entry = page.locator('warwick-help [data-field="hits"] a[href="#help/entry/carlisle"]');
  await entry.waitFor({ timeout: 5000 });
  await entry.click();
  await page.locator('warwick-help article[data-entry="carlisle"]').waitFor({ timeout: 5000 });
  const text = await page.locator('warwick-help article[data-entry="carlisle"]').textContent();
  check(`help ${label}: a place's entry says what it is and links its rules`, /Garrison 200/.test(text) && /§19\.14/.test(text), text.replace(/\s+/g, ' ').slice(0, 120));
  await page.keyboard.press('Escape');
  check(`help ${label}: Escape closes the reference`, (await page.locator('warwick-help').count()) === 0);
}

async function refusalChecks(page, url, label, check, shot) {
  await startGame(page, url, { seed: 18, bots: 1, tier: 'easy' });
  const step = page.locator('warwick-game warwick-step-help [data-field="step-help"]');
  let s = await toMovement(page);
  if (label === 'desktop') {
    await step.waitFor({ timeout: 10000 });
    const words = await step.textContent();
    check(`help ${label}: the step says what it is for, with a link to the rules`, /Movement Phase/.test(words) && (await step.locator('a').getAttribute('href')) === '#help/movement/9.01', words.replace(/\s+/g, ' ').trim());
  }
  const where = (await page.locator('warwick-game [data-field="cursor"]').textContent()).trim();
  check(`help ${label}: the timeline says where the game is in rounds and turns`, /^Now · Round 1 · .+'s turn · Movement$/.test(where), where);
  // A Noble chosen, then a place it cannot go: the refusal and its rule.
  const noble = s.selectable.find((k) => k.startsWith('nobles:'));
  const from = await page.locator(`warwick-map [data-hit="${noble}"]`).last().boundingBox();
  await page.mouse.click(from.x + from.width / 2, from.y + from.height / 2);
  await page.waitForFunction(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.length > 0, null, { timeout: 5000 });
  s = await state(page);
  const marked = new Set(s.targets);
  const viewport = page.viewportSize();
  const places = (await page.locator('warwick-map [data-place]').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { id: e.dataset.place, x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }))).filter((p) => !marked.has(`location:${p.id}`) && p.x > 20 && p.y > 80 && p.x < viewport.width - 20 && p.y < viewport.height * 0.6);
  places.sort((a, b) => Math.hypot(b.x - from.x, b.y - from.y) - Math.hypot(a.x - from.x, a.y - from.y));
  const far = places[0];
  await page.mouse.click(far.x, far.y);
  const message = page.locator('warwick-game [data-field="message"][data-kind="refusal"]');
  await message.waitFor({ timeout: 10000 });
  const words = (await message.textContent()).replace(/\s+/g, ' ').trim();
  const link = message.locator('a.rule-link');
  const rule = (await link.count()) ? await link.getAttribute('data-rule') : null;
  check(`help ${label}: a refused move says why, with the rule it comes from`, /^Not allowed: .{8,}/.test(words) && /Rule: /.test(words) && !!rule, `${far.id}: ${words}`);
  await shot(page, `web-help-refused-${label}.png`);
  const href = await link.getAttribute('href');
  await link.click();
  await page.locator('warwick-help article').waitFor({ timeout: 5000 });
  const opened = await shown(page);
  const anchor = href.split('/')[2] ?? null;
  check(`help ${label}: the refusal's link opens the right section`, opened.section === rule && (anchor === null || opened.anchor === anchor), `${href} → ${JSON.stringify(opened)}`);
  await shot(page, `web-help-rule-${label}.png`);
  await page.locator('warwick-help button.close').click();
  // A place's details on the map, and a card (in the hand or the Chancery), open their entries.
  const placeLink = page.locator(`warwick-map [data-entry-link="${far.id}"]`);
  if (!(await placeLink.isVisible())) {
    // The place's details did not stay open with the refusal: give up the choice, then tap it.
    await page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').clearSelection());
    await page.waitForTimeout(400);
    // The map may have moved since (a chosen piece can be framed): find the place again.
    const box = await page.locator(`warwick-map [data-place="${far.id}"]`).boundingBox();
    const at = box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : far;
    await page.mouse.move(at.x, at.y);
    await page.mouse.click(at.x, at.y);
    await placeLink.waitFor({ timeout: 5000 }).catch(() => undefined);
  }
  if (await placeLink.isVisible()) {
    await placeLink.click();
    await page.locator(`warwick-help article[data-entry="${far.id}"]`).waitFor({ timeout: 5000 });
    check(`help ${label}: a place tapped on the map opens its entry`, true, far.id);
    await shot(page, `web-help-place-${label}.png`);
    await page.locator('warwick-help button.close').click();
  } else {
    check(`help ${label}: a place tapped on the map opens its entry`, false, `no details shown for ${far.id}`);
  }
  if (await page.locator('warwick-help').count()) await page.locator('warwick-help button.close').click();
  await page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').openTab('cards'));
  const cardLink = page.locator('warwick-game [data-panel="hand"] a.entry-link, warwick-game [data-panel="chancery"] a.entry-link').first();
  await cardLink.waitFor({ timeout: 5000 });
  const cardId = await cardLink.getAttribute('data-entry-link');
  await cardLink.click();
  await page.locator(`warwick-help article[data-entry="${cardId}"]`).waitFor({ timeout: 5000 });
  const cardText = (await page.locator('warwick-help article').textContent()).replace(/\s+/g, ' ').trim();
  check(`help ${label}: a card in the hand or the Chancery opens its entry`, cardText.length > 40, cardText.slice(0, 140));
  await page.locator('warwick-help button.close').click();
  // The Prestige panel says what counts, the target that applies and what blocks a claim.
  const tab = page.locator('warwick-game [data-tab="prestige"]');
  if (await tab.isVisible()) await tab.click();
  else await page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').openTab('prestige'));
  const standing = page.locator('warwick-game [data-field="prestige-standing"]');
  await standing.waitFor({ timeout: 10000 });
  await standing.scrollIntoViewIfNeeded();
  const stands = (await standing.textContent()).replace(/\s+/g, ' ').trim();
  check(`help ${label}: the Prestige panel gives the target and what stands before a claim`, /against a target of 15\./.test(stands) && /Before you can claim:/.test(stands), stands);
  await shot(page, `web-help-prestige-${label}.png`);
  // Log lines about a rule's outcome link to that rule.
  await page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').openTab('log'));
  const fold = page.locator('warwick-game [data-field="setup-fold"] summary');
  await fold.waitFor({ timeout: 10000 });
  const folded = (await fold.textContent()).replace(/\s+/g, ' ').trim();
  const foldedLines = Number(folded.match(/\((\d+) lines\)/)?.[1] ?? 0);
  check(`help ${label}: the log's set-up lines are folded into one`, foldedLines > 20 && !(await page.locator('warwick-game [data-field="setup-fold"] details').evaluate((d) => d.open)), folded);
  const logLink = page.locator('warwick-game [data-panel="log"] > ol > li:not([data-field]) a.log-rule').first();
  await logLink.waitFor({ timeout: 10000 });
  const logHref = await logLink.getAttribute('href');
  await logLink.click();
  await page.locator('warwick-help article').waitFor({ timeout: 5000 });
  const fromLog = await shown(page);
  check(`help ${label}: a log line links to the rule that produced it`, `#help/${fromLog.section}/${fromLog.anchor}` === logHref, `${logHref} → ${JSON.stringify(fromLog)}`);
  await page.locator('warwick-help button.close').click();
  if (label === 'phone') await page.locator('warwick-game .sheet-close').click();
  // The map key covers the pieces' marks too.
  await page.locator('warwick-map details.legend summary').click();
  const keys = await page.locator('warwick-map details.legend [data-legend]').evaluateAll((els) => els.map((e) => e.dataset.legend));
  check(`help ${label}: the map key covers Royals, the crown, flags, ships and sieges`, ['royal-lancaster', 'royal-york', 'crown', 'flag', 'ship', 'besieged'].every((k) => keys.includes(k)), keys.join(', '));
  await shot(page, `web-help-key-${label}.png`);
  await page.locator('warwick-map details.legend summary').click();
  await page.locator('warwick-game [data-action="rules"]').click();
  await page.locator('warwick-help').waitFor({ timeout: 5000 });
  check(`help ${label}: the game screen's Rules button opens the reference`, (await page.locator('warwick-help').count()) === 1);
  await page.keyboard.press('Escape');
}

/** The guide's note on screen, if any. */
async function guideNoteId(page) {
  return page.evaluate(() => {
    const guide = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game')?.shadowRoot.querySelector('warwick-guide');
    return guide?.shadowRoot.querySelector('[data-field="guide"]')?.dataset.note ?? null;
  });
}

/** The guided first game: its notes through both scripted rounds, folded, paused and resumed. */
async function guideChecks(page, url, label, check, shot) {
  await page.goto(url);
  try {
    await page.locator('#open-guide:not([disabled])').waitFor({ timeout: 30000 });
  } catch (error) {
    await shot(page, `web-guide-stuck-${label}.png`);
    throw error;
  }
  await page.locator('#open-guide').click();
  await page.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
  const yours = () => page.waitForFunction(() => {
    const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
    return game && game.yourTurn && !game.running && !game.busy && game.legal.length > 0;
  }, null, { timeout: 90000 });
  await yours();
  const first = page.locator('warwick-game warwick-guide [data-field="guide"]');
  await first.waitFor({ timeout: 10000 });
  const firstNote = await first.getAttribute('data-note');
  check(`guide ${label}: the guided game opens with a note for your first step`, /^r1\./.test(firstNote), firstNote);
  await shot(page, `web-guide-${label}.png`);
  // The guide only talks: nothing happens while it waits.
  const head = await page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').head);
  await page.waitForTimeout(1500);
  check(`guide ${label}: the guide never plays for you`, head === (await page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').head)));
  // "Show me a move": a Hard player's move marked on the map and named, still not played.
  await page.locator('warwick-game warwick-guide [data-action="guide-suggest"]').click();
  await page.locator('warwick-game [data-field="advice"]').waitFor({ state: 'attached', timeout: 60000 });
  const shown = await page.evaluate(() => {
    const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
    return { previewed: !!g.preview, head: g.head };
  });
  check(`guide ${label}: Show me a move marks a suggested move on the map without playing it`, shown.previewed && shown.head === head,
    (await page.locator('warwick-game [data-field="advice"]').textContent()).replace(/\s+/g, ' ').trim());
  await shot(page, `web-guide-suggest-${label}.png`);
  await page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').dropAdvice());
  await page.locator('warwick-game warwick-guide [data-action="guide-ok"]').click();
  await page.locator('warwick-game warwick-guide [data-action="guide-show"]').waitFor({ timeout: 5000 });
  await page.locator('warwick-game warwick-guide [data-action="guide-show"]').click();
  await first.waitFor({ timeout: 5000 });
  await page.locator('warwick-game warwick-guide [data-action="guide-skip"]').click();
  await page.locator('warwick-game warwick-guide [data-action="guide-resume"]').waitFor({ timeout: 5000 });
  check(`guide ${label}: Got it folds a note, Skip pauses the guide`, (await guideNoteId(page)) === null);
  await page.reload();
  await page.locator('warwick-game warwick-guide [data-action="guide-resume"]').waitFor({ timeout: 15000 });
  await page.locator('warwick-game warwick-guide [data-action="guide-resume"]').click();
  await first.waitFor({ timeout: 5000 });
  check(`guide ${label}: a reopened guided game remembers the guide, and Resume brings it back`, (await guideNoteId(page)) !== null);
  if (label !== 'desktop') return;
  const seen = new Set();
  for (let i = 0; i < 80; i += 1) {
    await yours();
    const round = await page.evaluate(() => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').live.clock.round);
    if (round > 2) break;
    await page.waitForTimeout(150);
    const note = await guideNoteId(page);
    if (note) seen.add(note);
    await page.evaluate(() => {
      const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      const pick = ['DrawEventCard', 'Pass', 'EndStep', 'DiscardCrownCard'].map((t) => game.legal.find((l) => l.command.type === t)).find(Boolean) ?? game.legal[0];
      return game.choose(pick);
    });
    await page.waitForTimeout(150);
  }
  const want = ['r1.phase.event', 'r1.phase.movement', 'r1.phase.combat', 'r2.phase.event', 'r2.phase.movement', 'r2.phase.combat', 'r2.phase.end_of_turn.5'];
  const missing = want.filter((n) => !seen.has(n));
  check(`guide ${label}: the guide runs through both scripted rounds`, missing.length === 0, `seen ${[...seen].join(', ')}${missing.length ? `; missing ${missing.join(', ')}` : ''}`);
  await page.waitForTimeout(300);
  check(`guide ${label}: after round 2 the guide steps aside`, (await guideNoteId(page)) === null);
}

export async function helpChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);
  for (const [label, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport, hasTouch: viewport.width < 900 });
    const errors = [];
    watchPage(page, errors);
    await page.addInitScript(() => localStorage.setItem('warwick.speed', 'fast'));
    await page.goto(url);
    await page.locator('#new-game:not([disabled])').waitFor({ timeout: 15000 });
    await searchChecks(page, label, check, shot);
    await refusalChecks(page, url, label, check, shot);
    await guideChecks(page, url, label, check, shot);
    check(`help ${label}: no script errors`, errors.length === 0, errors.join('; '));
    await page.close();
  }
}

// Run alone: its own server and browser.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const { runAlone } = await import('./serve.mjs');
  await runAlone('help', helpChecks);
}
