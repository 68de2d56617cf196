// Putting saved games away (called from run.mjs, or with E2E_ONLY_SHELF=1), on a server of its
// own and on a phone's screen (390×844): a day's scored attempt, resigned, is listed with
// Delete refused and why; a practice attempt is deleted after its confirm and is gone; the
// scored attempt archived leaves the list for Archived and comes back, and the day stays
// played with its score on the daily card throughout.
import { apiCall, watchPage } from './serve.mjs';
import { shooter } from './game.mjs';

const ENV = { WARWICK_TODAY: '2026-11-26', WARWICK_DAILY_ROUNDS: '1' };

const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

export async function shelfChecks(browser, check, artifacts, startServer) {
  const shot = shooter(artifacts);
  const server = startServer(ENV);
  try {
    const url = await server.url;
    const scored = await (await apiCall(url, 'start_daily', {})).json();
    const resigned = await (await apiCall(url, 'resign', { game: scored.game, expected_last_seq: scored.head })).json();
    const practice = await (await apiCall(url, 'start_daily', {})).json();
    check('shelf: a scored daily resigned, then a practice attempt', !!resigned.outcome && practice.game !== scored.game, JSON.stringify(resigned.outcome));

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    const errors = [];
    watchPage(page, errors);
    await page.goto(url);
    const list = page.locator('warwick-game-list');
    await list.locator(`li[data-row="${practice.game}"]`).waitFor({ timeout: 15000 });
    const row = (game) => list.locator(`li[data-row="${game}"]`);
    const scoredDelete = row(scored.game).locator('[data-action="delete"]');
    await scoredDelete.tap();
    const keptReason = await text(list.locator('[data-field="kept-reason"]'));
    check('shelf: the scored attempt cannot be deleted, and says why where it was tapped',
      ((await scoredDelete.getAttribute('title')) ?? '').includes('scored attempt') &&
        keptReason.includes('scored attempt') && (await list.locator('[data-action="confirm-delete"]').count()) === 0,
      keptReason);
    await list.locator('[data-field="kept-reason"] [data-action="keep"]').tap();
    const card = page.locator('warwick-daily-card [data-field="daily-status"]');
    const played = await text(card);

    // Delete asks first; Keep keeps; Delete after the confirm removes the game.
    await row(practice.game).locator('[data-action="delete"]').tap();
    const confirm = list.locator('[data-field="confirm-delete"]');
    await confirm.waitFor({ timeout: 5000 });
    await shot(page, 'web-shelf-confirm-phone.png');
    await confirm.locator('[data-action="keep"]').tap();
    check('shelf: Keep leaves the game where it was', (await confirm.count()) === 0 && (await row(practice.game).count()) === 1);
    await row(practice.game).locator('[data-action="delete"]').tap();
    await confirm.locator('[data-action="confirm-delete"]').tap();
    await row(practice.game).waitFor({ state: 'detached', timeout: 10000 });
    const listed = await (await apiCall(url, 'list_games', {})).json();
    check('shelf: a deleted game is gone from the list and the store', !listed.some((g) => g.game === practice.game), JSON.stringify(listed.map((g) => g.game)));

    // Archive: out of All, into Archived, and back.
    await row(scored.game).locator('[data-action="archive"]').tap();
    await row(scored.game).waitFor({ state: 'detached', timeout: 10000 });
    await list.locator('[data-show="archived"]').check();
    await row(scored.game).waitFor({ timeout: 5000 });
    await shot(page, 'web-shelf-archived-phone.png');
    check('shelf: an archived game is listed under Archived only', (await row(scored.game).locator('[data-action="archive"]').textContent()).trim() === 'Unarchive');
    check('shelf: the day stays played, with its score', (await text(card)) === played && played.includes('points'), played);
    await row(scored.game).locator('[data-action="archive"]').tap();
    await list.locator('[data-show="all"]').check();
    await row(scored.game).waitFor({ timeout: 5000 });
    const stats = await (await apiCall(url, 'stats', {})).json();
    check('shelf: unarchived, it is back; the history still counts the day', stats.days_played === 1 && stats.games.played === 1, JSON.stringify({ days: stats.days_played, played: stats.games.played }));
    check('shelf: no script errors', errors.length === 0, errors.join('; '));
    await context.close();
  } finally {
    server.child.kill('SIGTERM');
  }
}
