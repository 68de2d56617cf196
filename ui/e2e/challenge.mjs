// End-to-end checks of the Solo Challenge (called from run.mjs), at 1440×900 and at 390×844,
// each size on servers of its own started with WARWICK_TODAY=2026-11-26 and
// WARWICK_DAILY_ROUNDS=1 (a fixed day and a one-round daily, test-only overrides the service
// honours): today's challenge is started from the start screen's card and played to its end
// through the UI (End the step / Pass where offered, else the first command; the game screen
// steps the bots); the end screen shows the outcome, the score line by line, the Prestige
// chart and the key moments (one opens the timeline there); Share copies the line (read back
// from the clipboard); a second server ("another machine", a fresh database) verifies the
// pasted line with the same outcome and score, refuses a damaged one, and opens it to watch on
// the timeline; Practice again is marked practice; and the stats screen shows the game and a
// streak of 1. Screenshots: artifacts/web-challenge-*.png.
import { join } from 'node:path';
import { attr, pickCommand, shooter, waitForDecision } from './game.mjs';
import { apiCall, watchPage } from './serve.mjs';

const ENV = { WARWICK_TODAY: '2026-11-26', WARWICK_DAILY_ROUNDS: '1' };
const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
];

const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** A fresh browser context at a size, allowed the clipboard, with the bots at full speed. */
async function openPage(browser, url, viewport) {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  const page = await context.newPage();
  const errors = [];
  watchPage(page, errors);
  await page.addInitScript(() => localStorage.setItem('warwick.speed', 'instant'));
  await page.goto(url);
  await page.locator('[data-field="version"]').waitFor({ timeout: 15000 });
  return { context, page, errors };
}

/** Plays the game open in the page to its end by the simple rule; on a phone, confirms a previewed command. */
async function playToEnd(page, phone) {
  let picks = 0;
  const started = Date.now();
  for (; picks < 800 && Date.now() - started < 300000; picks += 1) {
    await waitForDecision(page, 90000);
    if (await page.locator('warwick-game [data-field="outcome"]').count()) break;
    if (phone && (await page.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await page.locator('[data-tab="play"]').click();
    await pickCommand(page);
    const confirm = page.locator('warwick-game [data-action="preview-do"]');
    if (phone && (await confirm.count())) await confirm.click();
  }
  return picks;
}

async function sizeChecks(browser, check, artifacts, startServer, label, viewport) {
  const shot = shooter(artifacts);
  const phone = viewport.width < 900;
  const first = startServer(ENV);
  const second = startServer(ENV);
  try {
    const url = await first.url;
    const otherUrl = await second.url;
    const daily = await (await apiCall(url, 'daily', {})).json();

    // --- The start screen leads with today's challenge ---------------------------------------
    const { context, page, errors } = await openPage(browser, url, viewport);
    const card = page.locator('warwick-daily-card');
    await card.locator('[data-field="daily-status"]').waitFor({ timeout: 15000 });
    const lineup = await text(card.locator('[data-field="daily-lineup"]'));
    check(`challenge ${label}: the daily card says the day and the line-up`,
      (await text(card.locator('[data-field="daily-date"]'))) === 'Thursday 26 November 2026' &&
      lineup.startsWith(`You and ${daily.daily.bots.length} Normal bots, 1 round, ${daily.daily.setup === 'preset' ? 'pre-set' : 'controlled random'} set-up`), lineup);
    check(`challenge ${label}: not played yet, streak 0`,
      (await text(card.locator('[data-field="daily-status"]'))).startsWith('Not played yet') &&
      (await text(card.locator('[data-field="streak-current"]'))) === '0');
    const cardBox = await card.boundingBox();
    check(`challenge ${label}: the card is at the top of the start screen`, cardBox.y < viewport.height / 2, `at y ${Math.round(cardBox.y)}`);
    check(`challenge ${label}: the new-game form defaults to Normal bots`,
      (await page.locator('[data-field="tier-0"]').inputValue()) === 'normal' &&
      (await page.locator('[data-field="tier-0"] option[value="random"]').textContent()).includes('learning'));
    await shot(page, `web-challenge-start-${label}.png`);

    // --- Today's challenge, played to its end through the UI ----------------------------------
    await card.locator('#play-daily').click();
    await page.locator('warwick-game[data-loaded]').waitFor({ timeout: 20000 });
    const game = Number(await attr(page, 'data-loaded'));
    check(`challenge ${label}: Play today's challenge opens the scored attempt`,
      (await text(page.locator('warwick-game [data-field="daily-tag"]'))) === 'Daily', `game ${game}`);
    // Back to the start screen: the card says it is in progress, and Resume reopens it.
    await page.locator('warwick-game header.bar button', { hasText: 'Menu' }).click();
    await page.locator('warwick-game [data-menu="leave"]').click();
    await card.locator('[data-field="daily-status"]').filter({ hasText: 'In progress' }).waitFor({ timeout: 15000 });
    await card.locator('[data-action="resume-daily"]').click();
    await page.locator(`warwick-game[data-loaded="${game}"]`).waitFor({ timeout: 20000 });
    check(`challenge ${label}: an unfinished daily is in progress on the card, and Resume reopens it`, true);
    let advised = false;
    if (!phone) {
      // Advice: what a Hard player would do, shown with its reason, then played (and counted).
      await waitForDecision(page, 90000);
      await page.locator('warwick-game [data-action="advice"]').click();
      const advice = page.locator('warwick-game [data-field="advice"]');
      await advice.waitFor({ timeout: 60000 });
      const words = await text(advice);
      check(`challenge ${label}: advice says what a Hard player would do and why`,
        words.startsWith('A Hard player would:') && words.length > 60, words);
      await shot(page, `web-challenge-advice-${label}.png`);
      await advice.locator('[data-action="play-advice"]').click();
      await advice.waitFor({ state: 'detached', timeout: 20000 });
      advised = true;
    }
    const picks = await playToEnd(page, phone);
    const status = await (await apiCall(url, 'status', { game })).json();
    check(`challenge ${label}: the daily is played to its end through the UI`, !!status.outcome && !!status.score,
      `${picks} picks: ${JSON.stringify(status.outcome)}`);
    if (advised) {
      check(`challenge ${label}: the advice taken is counted in the score`,
        status.score.lines.some((l) => l.label === '1 suggestion taken'), status.score.lines.map((l) => l.label).join(' | '));
    }

    // --- The end screen -------------------------------------------------------------------------
    const end = page.locator('warwick-end-screen');
    await end.locator('[data-field="outcome-words"]').waitFor({ timeout: 20000 });
    const outcomeWords = await text(end.locator('[data-field="outcome-words"]'));
    check(`challenge ${label}: the end screen says the outcome in words`,
      /^You (won a .+ in round 1|lost: .+ won a .+ round 1)\.?$/.test(outcomeWords) || /^You lost: every Royal died/.test(outcomeWords), outcomeWords);
    const lines = await end.locator('warwick-score tr.line').evaluateAll((rows) => rows.map((r) => r.textContent.replace(/\s+/g, ' ').trim()));
    const total = await text(end.locator('warwick-score [data-field="score-total"]'));
    check(`challenge ${label}: the score is shown line by line`,
      lines.length === status.score.lines.length && lines.every((l, i) => l.includes(status.score.lines[i].label) && l.includes(status.score.lines[i].effect)) &&
      total === status.score.total.toLocaleString('en-GB'), `${lines.join(' | ')} = ${total}`);
    const factions = status.seats.length;
    const prestige = end.locator('warwick-prestige-chart:not([data-field="analysis-chart"])');
    check(`challenge ${label}: the Prestige chart draws every faction, with a legend`,
      (await prestige.locator('svg.prestige-chart g.series').count()) === factions && (await prestige.locator('ul.legend li').count()) === factions &&
      ((await prestige.locator('svg.prestige-chart desc').textContent()) ?? '').startsWith('Prestige over 1 round'));
    // The post-game analysis: a progress bar, then each faction's chance by round.
    const analysis = end.locator('warwick-analysis [data-field="analysis-chart"]');
    await analysis.waitFor({ timeout: 90000 });
    check(`challenge ${label}: the analysis charts every faction's chance of winning`,
      (await analysis.locator('svg.prestige-chart g.series').count()) === factions &&
      ((await analysis.locator('svg.prestige-chart desc').textContent()) ?? '').startsWith('Chance of winning'));
    const moments = end.locator('[data-field="moments"] button[data-seq]');
    const momentCount = await moments.count();
    check(`challenge ${label}: the key moments are listed`, momentCount >= 1, `${momentCount}: ${(await moments.allTextContents()).join(' | ')}`);
    check(`challenge ${label}: the end screen has Share, Watch the replay, Practice again and New game`,
      (await end.locator('[data-action="share"]').isVisible()) && (await end.locator('[data-action="watch"]').count()) === 1 &&
      (await end.locator('[data-action="practice"]').count()) === 1 && (await end.locator('[data-action="new-game"]').count()) === 1);
    await shot(page, `web-challenge-end-${label}.png`);
    if (phone) {
      // The phone's end screen scrolls: the chart and the moments below the score.
      await prestige.scrollIntoViewIfNeeded();
      await shot(page, `web-challenge-end-chart-${label}.png`);
    }

    // A moment opens the timeline there; the end screen comes back from the game's panel.
    const momentSeq = Number(await moments.first().getAttribute('data-seq'));
    await moments.first().click();
    await end.waitFor({ state: 'detached', timeout: 5000 });
    await page.waitForFunction((seq) => document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game')?.dataset.cursor === String(seq), momentSeq, { timeout: 10000 });
    check(`challenge ${label}: a key moment opens the game's timeline at it`, true, `seq ${momentSeq}`);
    if (await page.locator('warwick-game [data-action="now"]').count()) await page.locator('warwick-game [data-action="now"]').click();
    if (phone && (await page.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await page.locator('[data-tab="play"]').click();
    await page.locator('warwick-game [data-action="show-end"]').click();
    await end.locator('[data-field="outcome-words"]').waitFor({ timeout: 10000 });
    check(`challenge ${label}: the end screen opens again from the game`, true);

    // --- Share ----------------------------------------------------------------------------------
    await end.locator('[data-action="share"]').click();
    const shareBox = end.locator('warwick-share-dialog [data-field="share-line"]');
    await page.waitForFunction(() => {
      const box = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-end-screen')?.shadowRoot
        ?.querySelector('warwick-share-dialog')?.shadowRoot?.querySelector('[data-field="share-line"]');
      return box && box.value.length > 0;
    }, null, { timeout: 20000 });
    const line = await shareBox.inputValue();
    const expectedStart = `Warwick daily 2026-11-26 — ${status.score.result === 'loss' ? 'Lost' : ''}`;
    check(`challenge ${label}: the share line is short and readable, the code last`,
      line.startsWith(expectedStart) && line.includes(`${status.score.total.toLocaleString('en-GB')} points, no undos — W4-`) && /W4-[A-Za-z0-9_-]+$/.test(line), line);
    await end.locator('warwick-share-dialog [data-action="copy"]').click();
    await end.locator('warwick-share-dialog [data-field="copied"]').filter({ hasText: 'Copied' }).waitFor({ timeout: 5000 });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    check(`challenge ${label}: Copy puts the line on the clipboard and says so`, copied === line);
    const focused = await page.evaluate(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el?.dataset?.action ?? el?.tagName;
    });
    check(`challenge ${label}: focus is inside the share dialog`, focused === 'copy', String(focused));
    await shot(page, `web-challenge-share-${label}.png`);
    await end.locator('warwick-share-dialog [data-action="close-share"]').click();

    // --- Another machine: verify the pasted line, refuse a damaged one, watch it ---------------
    {
      const other = await openPage(browser, otherUrl, viewport);
      await other.page.locator('#open-verify').click();
      const verify = other.page.locator('warwick-verify');
      const damaged = line.slice(0, -6) + (line.slice(-6, -5) === 'A' ? 'B' : 'A') + line.slice(-5);
      await verify.locator('[data-field="code"]').fill(damaged);
      await verify.locator('[data-action="verify"]').click();
      const refused = verify.locator('[data-field="refused"][role="alert"]');
      await refused.waitFor({ timeout: 20000 });
      check(`challenge ${label}: a damaged code is refused in plain words`, /^This (is not a code|code does not)/.test(await text(refused)), await text(refused));
      // The words edited, the code intact: the claim is checked too, never shown beside a "checks out".
      const boasted = copied.replace(/— ([\d,]+) point/, (_, n) => `— ${(Number(n.replace(/,/g, '')) + 800).toLocaleString('en-GB')} point`);
      await verify.locator('[data-field="code"]').fill(boasted);
      await verify.locator('[data-action="verify"]').click();
      let boastedWhy = '';
      for (let i = 0; i < 100 && !/do not match/.test(boastedWhy); i++) {
        await other.page.waitForTimeout(200);
        boastedWhy = (await refused.count()) ? await text(refused) : '';
      }
      check(`challenge ${label}: a line whose score was edited is refused, saying what differs`,
        boasted !== copied && /do not match/.test(boastedWhy) && (await verify.locator('[data-field="verified"]').count()) === 0, boastedWhy);
      await verify.locator('[data-field="code"]').fill(copied);
      await verify.locator('[data-action="verify"]').click();
      await verify.locator('[data-field="verified"]').waitFor({ timeout: 60000 });
      const vTotal = await text(verify.locator('[data-field="verified-total"]'));
      const vOutcome = await text(verify.locator('[data-field="verified-outcome"]'));
      const vDaily = await text(verify.locator('[data-field="verified-daily"]'));
      check(`challenge ${label}: another machine verifies the pasted line with the same score`,
        vTotal === `${status.score.total.toLocaleString('en-GB')} points` && (await verify.locator('warwick-score tr.line').count()) === lines.length, `${vTotal}; ${vOutcome}`);
      check(`challenge ${label}: ... the same outcome, round, undos and daily`,
        vOutcome.startsWith(outcomeWords.startsWith('You won') ? 'The player won' : 'The player lost') &&
        (await text(verify.locator('[data-field="verified-round"]'))) === 'round 1' &&
        (await text(verify.locator('[data-field="verified-undos"]'))) === 'no undos' &&
        vDaily.includes('2026-11-26') && !vDaily.includes('practice') &&
        /first attempt/.test(await text(verify.locator('[data-field="verified-unproven"]'))) &&
        (await text(verify.locator('[data-field="verified-mode"]'))).startsWith('challenge') &&
        (await verify.locator('[data-field="verified-seats"] li').count()) === factions, `${vOutcome}; ${vDaily}`);
      check(`challenge ${label}: no refusal shows once it checks out`, (await verify.locator('[role="alert"]').count()) === 0);
      await shot(other.page, `web-challenge-verify-${label}.png`);
      await verify.locator('[data-action="watch-code"]').click();
      await other.page.locator('warwick-game[data-loaded]').waitFor({ timeout: 30000 });
      await other.page.waitForFunction(() => document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game')?.dataset.cursor === '0', null, { timeout: 10000 });
      check(`challenge ${label}: Watch this game opens it on the timeline from the start`,
        (await other.page.locator('warwick-end-screen').count()) === 0 && (await other.page.locator('warwick-game [data-action="now"]').count()) === 1);
      await other.page.locator(`warwick-game [data-step="${phone ? 'phase+' : 'round+'}"]`).click();
      await other.page.waitForFunction(() => Number(document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game')?.dataset.cursor) > 0, null, { timeout: 10000 });
      await shot(other.page, `web-challenge-replay-${label}.png`);
      // --- The day's board: a chat pasted, the line ranked, the edited copy kept apart ----------
      await other.page.goto(new URL('./?view=board', otherUrl).toString());
      const board = other.page.locator('warwick-board');
      await board.locator('[data-field="board-text"]').waitFor({ timeout: 15000 });
      await board.locator('[data-field="board-text"]').fill(`Ann: look at this\n${copied}\nBen: ${boasted} ha`);
      await board.locator('[data-action="board-paste"]').click();
      await board.locator('[data-field="board-progress"]').filter({ hasText: 'checked' }).filter({ hasNotText: ' of ' }).waitFor({ timeout: 90000 });
      const rows = await board.locator('[data-field="board-rows"] tbody tr').evaluateAll((trs) => trs.map((t) => t.textContent.replace(/\s+/g, ' ').trim()));
      const refusedKinds = await board.locator('[data-field="board-refused"] li').evaluateAll((lis) => lis.map((l) => l.dataset.kind));
      check(`challenge ${label}: a chat pasted on the day's board ranks the line and keeps the edited copy apart`,
        rows.length === 1 && rows[0].startsWith('1 A friend (line 1)') && rows[0].includes(status.score.total.toLocaleString('en-GB')) &&
          refusedKinds.length === 1 && refusedKinds[0] === 'claim', `${rows.join(' | ')}; refused ${refusedKinds.join(',')}`);
      await shot(other.page, `web-challenge-board-${label}.png`);
      check(`challenge ${label}: no script errors on the other machine`, other.errors.length === 0, other.errors.join('; '));
      await other.context.close();
    }

    // --- Practice again is marked practice ------------------------------------------------------
    await end.locator('[data-action="practice"]').click();
    await page.waitForFunction((was) => {
      const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
      return g && g.dataset.loaded && Number(g.dataset.loaded) !== was;
    }, game, { timeout: 20000 });
    const practice = Number(await attr(page, 'data-loaded'));
    check(`challenge ${label}: Practice again starts a practice game, marked in the top bar`,
      (await text(page.locator('warwick-game [data-field="daily-tag"]'))) === 'Practice' && (await page.locator('warwick-end-screen').count()) === 0, `game ${practice}`);
    await page.locator('warwick-game header.bar button', { hasText: 'Menu' }).click();
    await page.locator('warwick-game [data-menu="leave"]').click();
    await card.locator('[data-field="daily-status"]').waitFor({ timeout: 15000 });
    check(`challenge ${label}: the daily card says it was played, with its score, and a streak of 1`,
      (await text(card.locator('[data-field="daily-status"]'))).includes(`${status.score.total.toLocaleString('en-GB')} points`) &&
      (await text(card.locator('[data-field="streak-current"]'))) === '1' && (await card.locator('[data-action="play-daily"]').textContent()).includes('Practice again'));
    const practiceRow = page.locator(`#saved-games button[data-game="${practice}"] [data-field="row-daily"]`);
    check(`challenge ${label}: the saved games list marks practice`,
      (await text(practiceRow)) === 'Daily 2026-11-26 · practice' &&
      (await text(page.locator(`#saved-games button[data-game="${game}"] [data-field="row-daily"]`))) === 'Daily 2026-11-26');
    await shot(page, `web-challenge-start-played-${label}.png`);

    // --- Your history -----------------------------------------------------------------------------
    await page.locator('#open-stats').click();
    const stats = page.locator('warwick-stats');
    await stats.locator('[data-field="played"]').waitFor({ timeout: 15000 });
    const result = status.score.result;
    check(`challenge ${label}: the stats screen counts the game and a streak of 1`,
      (await text(stats.locator('[data-field="played"]'))) === '1' && (await text(stats.locator('[data-field="stats-streak"]'))) === '1' &&
      (await text(stats.locator('[data-field="days-played"]'))) === '1' &&
      (await text(stats.locator(`[data-field="histogram"] li[data-result="${result}"] .bar`))) === '1');
    check(`challenge ${label}: the best scores list the game`,
      (await stats.locator(`[data-field="best"] button[data-game="${game}"]`).count()) === 1 &&
      (await stats.locator(`#saved-games button[data-game="${practice}"] .tag.practice`).count()) === 1);
    await shot(page, `web-challenge-stats-${label}.png`);

    // --- The history moves to the other machine as one file ------------------------------------
    await stats.locator('[data-action="save-history"]').click();
    const historyText = await stats.locator('[data-field="history-text"]').inputValue({ timeout: 15000 });
    check(`challenge ${label}: the history is saved as a file of replay codes`,
      historyText.split('\n').filter((l) => l.includes('"code":"W4-')).length === 1, historyText.slice(0, 200));
    {
      const other = await openPage(browser, otherUrl, viewport);
      await other.page.locator('#open-stats').click();
      const otherStats = other.page.locator('warwick-stats');
      await otherStats.locator('[data-field="played"]').waitFor({ timeout: 15000 });
      check(`challenge ${label}: a game only watched there is not counted as that player's`,
        (await text(otherStats.locator('[data-field="played"]'))) === '0' && (await text(otherStats.locator('[data-field="stats-streak"]'))) === '0');
      await otherStats.locator('[data-field="history-file"]').setInputFiles({ name: 'warwick-history.txt', mimeType: 'text/plain', buffer: Buffer.from(historyText) });
      await otherStats.locator('[data-field="history-progress"]', { hasText: 'brought back' }).waitFor({ timeout: 60000 });
      await other.page.waitForFunction(() => {
        const s = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-stats');
        return s?.shadowRoot?.querySelector('[data-field="played"]')?.textContent?.trim() === '1';
      }, null, { timeout: 20000 });
      check(`challenge ${label}: brought back there, the history counts the game and the streak`,
        (await text(otherStats.locator('[data-field="history-progress"]'))).startsWith('1 game brought back') &&
        (await text(otherStats.locator('[data-field="stats-streak"]'))) === '1');
      await shot(other.page, `web-challenge-history-moved-${label}.png`);
      check(`challenge ${label}: no script errors while moving the history`, other.errors.length === 0, other.errors.join('; '));
      await other.context.close();
    }
    await stats.locator(`[data-field="best"] button[data-game="${game}"]`).click();
    await page.locator('warwick-end-screen [data-field="outcome-words"]').waitFor({ timeout: 20000 });
    await page.locator(`warwick-game[data-loaded="${game}"]`).waitFor({ timeout: 20000 });
    check(`challenge ${label}: a best score reopens its game, at its end screen`, Number(await page.locator('warwick-end-screen').getAttribute('data-loaded')) === game);
    check(`challenge ${label}: no script errors`, errors.length === 0, errors.join('; '));
    await context.close();
  } finally {
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
  }
}

export async function challengeChecks(browser, check, artifacts, startServer) {
  for (const [label, viewport] of SIZES) await sizeChecks(browser, check, artifacts, startServer, label, viewport);
}
