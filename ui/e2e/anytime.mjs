// Acting while the bots move (called from run.mjs with E2E_ONLY_ANYTIME=1, or as part of the
// whole run): a solo game against 2 bots at 1440×900, played on through the panels until a
// bot's turn in which the engine lets you award a card from your hand (19.18: at any time).
// There, while the bots play on, the card is chosen in the hand; the bots are then paused and
// the Noble picked, as in your own turn: the award is taken in that bot's turn (the log shows it
// among the bots' commands), the bots, resumed, carry on by themselves, and no script error is
// seen.
// Screenshots go to artifacts/.
import { G, state, yourTurn, mainAction } from './play.mjs';
import { shooter, startGame } from './game.mjs';
import { watchPage } from './serve.mjs';

const ANY_TIME = new Set(['AwardCard', 'PlayNoble']);

/** Where the game stands, with who is to move and what you may do at any time. */
async function moment(page) {
  return page.evaluate((anyTime) => {
    const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
    return {
      head: g.head,
      round: g.live.clock.round,
      active: g.live.clock.active,
      you: g.you,
      yours: g.yourTurn,
      busy: g.busy,
      ended: !!g.status?.outcome,
      anyTime: g.legal.filter((l) => anyTime.includes(l.command.type)).map((l) => l.command),
    };
  }, [...ANY_TIME]);
}

/** Plays one of your steps on through the panels (as play.mjs's playOn does). */
async function step(page) {
  const action = await mainAction(page, false, false);
  if (action) await action.button.click();
  else if ((await state(page)).types.includes('DiscardCrownCard')) {
    await page.locator('[data-card-button]').first().click();
    await page.locator('[data-panel="selection"] [data-do="DiscardCrownCard"]').click();
    await page.locator('[data-dialog="confirm"] [data-confirm="yes"]').click();
  } else {
    const pass = page.locator('[data-panel="turn"] [data-do="Pass"], [data-panel="turn"] [data-action="end-step"]');
    if (!(await pass.count())) throw new Error('no way on through the panels');
    await pass.first().click();
  }
  await page.waitForTimeout(150);
  const confirm = page.locator('[data-dialog="confirm"] [data-confirm="yes"]');
  if (await confirm.count()) await confirm.click();
  await page.waitForFunction((g) => !document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').busy, G);
}

/** Lets the bots move again after a pause. */
async function resume(page) {
  const pressed = page.locator('[data-action="pause"][aria-pressed="true"]');
  if (await pressed.count()) await pressed.first().click();
}

export async function anytimeChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  watchPage(page, errors);
  const seeds = (process.env.E2E_ANYTIME_SEEDS ?? '3,5,8').split(',').map(Number);
  let did = null;
  let why = '';
  for (const seed of seeds) {
    await startGame(page, url, { seed, bots: 2 });
    const until = Date.now() + 240000;
    try {
      while (!did && Date.now() < until) {
        const m = await moment(page);
        if (m.ended || m.round > 4) break;
        if (m.yours && !m.busy) {
          await yourTurn(page, 30000);
          await step(page);
          continue;
        }
        const award = m.anyTime.find((c) => c.type === 'AwardCard');
        // Only another faction's turn counts (your own turn's windows are your turn).
        if (m.yours || !award || m.active === m.you) {
          await page.waitForTimeout(40);
          continue;
        }
        // A bot's turn, and your hand holds a card you may award now: the card is chosen in the
        // hand while the bots play on. The panel grows as the bots' lines come in, so the button
        // never stands still for a pointer click's checks: the click is dispatched on it, as a
        // tap would be.
        await page.locator(`[data-card-button="${award.card}"]`).first().dispatchEvent('click');
        await page.waitForFunction((g) => document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').selection.some((k) => k.startsWith('card:')), G, { timeout: 5000 });
        // Then, as a careful player would, the bots are paused while the Noble is picked (left
        // to play on, they reached your own turn or made the award stale before the test could
        // pick one), and resumed after.
        await page.locator('[data-action="pause"]').first().click();
        await page.waitForFunction((g) => {
          const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
          return game.paused && !game.busy;
        }, G, { timeout: 10000 });
        const held = await moment(page);
        if (held.yours || held.active === held.you || !held.anyTime.some((c) => c.type === 'AwardCard' && c.card === award.card)) {
          // The bots moved on between the card and the pause: another moment.
          await page.keyboard.press('Escape');
          await resume(page);
          continue;
        }
        const bot = held.active;
        await shot(page, 'web-anytime-card-chosen.png');
        // The Nobles that may take it are ringed on the map and listed under "List them": one
        // is chosen from the list.
        const target = page.locator('[data-field="target-list"] [data-target-button]').first();
        if (!(await target.count())) {
          why = `seed ${seed}: no Noble was offered for ${award.card}`;
          break;
        }
        await target.dispatchEvent('click');
        // Taken in the bot's turn: your command is in the log while that bot is still to move.
        const taken = await page.waitForFunction(({ head, you }) => {
          const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
          const row = g.log.find((r) => Number(r.seq) > head && r.kind === 'Command' && r.by === you && /^Award /.test(r.description));
          return row ? { description: row.description, active: row.clock.active } : false;
        }, { head: held.head, you: m.you }, { timeout: 20000 }).then((h) => h.jsonValue()).catch(() => null);
        await shot(page, 'web-anytime-awarded.png');
        if (!taken) {
          why = `seed ${seed}: the award of ${award.card} was not seen in the log`;
          break;
        }
        // Resumed, the bots carry on by themselves: the history grows after your command.
        const after = (await moment(page)).head;
        await resume(page);
        const onward = await page.waitForFunction((head) => {
          const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
          return g.head > head || g.yourTurn;
        }, after, { timeout: 30000 }).then(() => true).catch(() => false);
        did = { seed, bot, you: m.you, card: award.card, taken, onward };
      }
    } catch (error) {
      why = `seed ${seed}: ${String(error?.message ?? error).slice(0, 1200)}`;
    }
    if (did) break;
  }
  check('any time: a card awarded from the hand in a bot\'s turn, through the hand and the map',
    // In a bot's turn when it landed, never your own.
    !!did && did.taken.active !== did.you && did.bot !== did.you, did ? `seed ${did.seed}, chosen in faction ${did.bot}'s turn (the Noble picked with the bots paused), taken in faction ${did.taken.active}'s: ${did.taken.description}` : why || 'no bot turn offered an award in the seeds tried');
  check('any time: the bots carried on by themselves after it', !!did?.onward, did ? '' : why);
  check('any time: no script errors', errors.length === 0, errors.join('; '));
  await page.close();
}
