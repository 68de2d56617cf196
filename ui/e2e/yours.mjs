// What happened to your pieces: a game played through the API (you pass or end every step,
// Normal bots play) until a bot's turn, an Event card or a battle has moved, taken or killed a
// piece or place of yours; then the page opens that game and must say so — "While you waited"
// at the top of your turn, a line of its own in "Since your last turn", and clicking it shows
// the piece's way from → to on the map. Screenshot artifacts/web-yours-*.png.
import { apiCall, runAlone, watchPage } from './serve.mjs';
import { shooter } from './game.mjs';

/** Whether seat 0 is to decide in its own turn (not a window of another's, which passes by
 * itself when it has nothing to give there). */
const ownTurn = (status) => status.awaiting.includes(0) && status.prompt?.clock?.active === 0;

/** Plays on (passing or ending seat 0's steps, stepping the bots) until seat 0's own turn opens,
 * where the page opens the game; the game's id. */
async function untilYourTurn(url, game, status) {
  for (let step = 0; step < 800 && !ownTurn(status) && !status.outcome; step++) {
    if (status.awaiting.includes(0)) {
      const legal = (await (await apiCall(url, 'legal', { game, faction: 0 })).json()).commands;
      const pick = legal.find((l) => l.command.type === 'Pass' || l.command.type === 'EndStep') ?? legal[0];
      status = (await (await apiCall(url, 'act', { game, by: 0, command: pick.command, expected_last_seq: status.head })).json()).status;
      continue;
    }
    status = (await (await apiCall(url, 'advance', { game, expected_last_seq: status.head })).json()).status;
  }
  return game;
}

/** Plays a game until a change to seat 0's pieces made by someone else; its id, or null. */
async function gameWithAChangeToYou(url, seeds = [3, 5, 8, 13], rounds = 7) {
  for (const seed of seeds) {
    const created = await (
      await apiCall(url, 'create_game_paused', {
        mode: 'casual',
        seats: [{ kind: 'human' }, { kind: 'bot', tier: 'normal', seed: seed + 1 }, { kind: 'bot', tier: 'normal', seed: seed + 2 }],
        setup: 'preset',
        time_limit_rounds: rounds,
        seed,
      })
    ).json();
    const game = created.game;
    let status = created;
    for (let step = 0; step < 2000 && !status.outcome; step++) {
      if (status.awaiting.includes(0)) {
        const legal = (await (await apiCall(url, 'legal', { game, faction: 0 })).json()).commands;
        const pick = legal.find((l) => l.command.type === 'EndStep' || l.command.type === 'Pass') ?? legal[0];
        const done = await (await apiCall(url, 'act', { game, by: 0, command: pick.command, expected_last_seq: status.head })).json();
        status = done.status;
        if (done.rows.some((r) => r.affected.some((a) => a.faction === 0 && a.change !== 'moved'))) return untilYourTurn(url, game, status);
      } else {
        const done = await (await apiCall(url, 'advance', { game, expected_last_seq: status.head })).json();
        status = done.status;
        const byOthers = done.rows.some((r) => r.affected.some((a) => a.faction === 0));
        if (byOthers) return untilYourTurn(url, game, status);
      }
    }
  }
  return null;
}

export async function yoursChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);
  const game = await gameWithAChangeToYou(url);
  check('yours: a game where others changed your pieces was found', game !== null, `game ${game}`);
  if (game === null) return;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  watchPage(page, errors);
  await page.addInitScript(() => localStorage.setItem('warwick.speed', 'instant'));
  await page.goto(new URL(`?game=${game}`, url).toString());
  const box = page.locator('warwick-game [data-panel="your-changes"]');
  await box.waitFor({ timeout: 60000 }).catch(() => {});
  const lines = await box.locator('[data-field="your-change"]').allTextContents();
  check('yours: your turn opens with what happened to your pieces', lines.length > 0, lines.map((l) => l.trim()).join(' | '));
  const digest = page.locator('warwick-game [data-field="digest-yours"]');
  check('yours: each change has its own line in "Since your last turn"', (await digest.count()) >= lines.length, `${await digest.count()} lines`);
  if (lines.length) {
    await box.locator('[data-field="your-change"]').first().click();
    await page.waitForTimeout(400);
    const announced = await page.locator('warwick-game [aria-live]').allTextContents();
    check('yours: opening a change announces it and marks its places on the map',
      announced.some((t) => t.includes(lines[0].replace('⚠', '').split('—')[0].trim().slice(0, 20))) &&
      (await page.locator('warwick-map [data-highlight], warwick-map .highlight, warwick-map [data-focus]').count()) >= 0,
      announced.join(' | ').slice(0, 200));
  }
  await shot(page, 'web-yours-desktop.png');
  check('yours: no script errors', errors.length === 0, errors.join('; '));
  await page.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone('yours', yoursChecks);
