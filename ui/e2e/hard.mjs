// End-to-end: a solo game against one Hard bot (issue 17), called from run.mjs. The New game
// form offers Hard for a bot; the game starts with that tier in the seat; you play the simple
// rule (end the step or pass, else the first command) until the Hard bot has taken a turn of
// its own and the game has come back to you, with its commands in the log and no script error.
import { pickCommand, shooter, startGame } from './game.mjs';
import { botCommandsSinceYourTurn, yourTurn } from './play.mjs';
import { watchPage } from './serve.mjs';

const G = () => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');

export async function hardChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  watchPage(page, errors);
  await page.goto(url);
  await page.locator('#new-game:not([disabled])').waitFor({ timeout: 15000 });
  await page.locator('[data-field="bots"]').selectOption('1');
  const offered = await page.locator('[data-field="tier-0"] option').evaluateAll((os) => os.map((o) => o.value));
  check('hard: the New game form offers Easy, Normal and Hard for a bot', ['easy', 'normal', 'hard'].every((t) => offered.includes(t)), offered.join(', '));
  await page.evaluate(() => localStorage.setItem('warwick.speed', 'instant'));
  await startGame(page, url, { seed: 21, bots: 1, tier: 'hard' });
  const game = Number(await page.locator('warwick-game').getAttribute('data-loaded'));
  const seats = await page.evaluate((g) => new Function(`return (${g})()`)().status.seats, G.toString());
  check('hard: the game has a Hard bot in the second seat', seats[1]?.kind === 'bot' && seats[1]?.tier === 'hard', JSON.stringify(seats));

  // Play until the Hard bot has moved at least once after one of your commands, and you are asked again.
  let botMoves = 0;
  const started = Date.now();
  while (botMoves === 0 && Date.now() - started < 240000) {
    await yourTurn(page, 240000);
    const kind = await pickCommand(page);
    await yourTurn(page, 240000);
    botMoves = await botCommandsSinceYourTurn(url, game, 0);
    if (!kind) break;
  }
  check('hard: the Hard bot takes its turn and the game comes back to you', botMoves > 0, `${botMoves} bot commands since your last turn`);
  const you = await page.evaluate((g) => new Function(`return (${g})()`)().yourTurn, G.toString());
  check('hard: your decision is on screen again', you === true);
  await shot(page, 'web-hard-bot.png');
  check('hard: no script errors', errors.length === 0, errors.join('; '));
  await page.close();
}
