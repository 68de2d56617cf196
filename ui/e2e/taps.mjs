// Taps to end an ordinary turn on a phone (390×844, touch), measured as a person plays (called
// from pace.mjs): a solo game against 2 Normal bots; each of PACE_PHONE_TURNS turns the person
// taps Draw the Event card in the strip under the map, then ends the turn from the strip,
// answering in place only what End turn asks (the card to discard, a confirm); a window passed
// on the way (a stop) is counted apart. Prints the taps per turn, with and without the draw.
import { G, yourTurn } from './play.mjs';
import { shooter, startGame } from './game.mjs';
import { runAlone } from './serve.mjs';

const TURNS = Number(process.env.PACE_PHONE_TURNS ?? 3);

const visible = async (page, selector) => (await page.locator(selector).count()) > 0 && page.locator(selector).first().isVisible();

/** Whether the person's own turn is on, and the game not over. */
const active = (page) =>
  page.evaluate(() => {
    const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
    return { active: g.live?.clock.active === g.you && !g.status?.outcome, over: !!g.status?.outcome, mine: g.yourTurn && !g.running && !g.busy && !g.flowing };
  }, G);

export async function phoneTaps(browser, url, check, shot) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await startGame(page, url, { seed: 3236, bots: 2 });
  const turns = [];
  let stops = 0;
  for (let t = 0; t < TURNS; t += 1) {
    await yourTurn(page, 120000, async (p) => p.locator('[data-dialog="discard"] [data-discard]').first().tap());
    let s = await active(page);
    if (s.over) break;
    if (!s.active) {
      // A window of another's turn (a stop, not part of ending your turn): an offer refused, or
      // passed from the Play tab.
      stops += 1;
      if (await visible(page, '[data-action="reject-offer"]')) await page.locator('[data-action="reject-offer"]').first().tap();
      else {
        if (!(await visible(page, '[data-tabpanel="play"] [data-do="Pass"]'))) await page.locator('[data-tab="play"]').tap();
        await page.locator('[data-tabpanel="play"] [data-do="Pass"]').first().tap();
        if (await visible(page, '.sheet-close')) await page.locator('.sheet-close').tap();
      }
      await page.waitForTimeout(200);
      t -= 1;
      continue;
    }
    let draw = 0;
    let taps = 0;
    for (let i = 0; i < 20; i += 1) {
      await page.waitForTimeout(150);
      s = await active(page);
      if (!s.active || s.over) break;
      if (await visible(page, '[data-dialog="discard"] [data-discard]')) {
        if (t === 0) await shot(page, 'web-taps-discard-phone.png');
        await page.locator('[data-dialog="discard"] [data-discard]').first().tap();
        taps += 1;
      } else if (await visible(page, '[data-dialog="confirm"] [data-confirm="yes"]')) {
        await page.locator('[data-dialog="confirm"] [data-confirm="yes"]').tap();
        taps += 1;
      } else if (!s.mine) {
        continue;
      } else if (await visible(page, '[data-action="strip-draw"]')) {
        await page.locator('[data-action="strip-draw"]').tap();
        draw += 1;
      } else if (await visible(page, '[data-action="reject-offer"]')) {
        await page.locator('[data-action="reject-offer"]').first().tap();
      } else if (await visible(page, '[data-action="strip-end-turn"]')) {
        await page.locator('[data-action="strip-end-turn"]').tap();
        taps += 1;
      } else {
        throw new Error('phone: no way to end the turn from the strip');
      }
    }
    turns.push({ draw, taps });
    if (process.env.PACE_DEBUG) console.log(`phone turn ${t}: ${JSON.stringify({ draw, taps })}`);
  }
  console.log(`pace (phone 390×844): taps to end a turn ${JSON.stringify(turns.map((x) => x.taps))}, with the draw ${JSON.stringify(turns.map((x) => x.taps + x.draw))}; no tab switched, no scrolling; windows of others' turns passed on the way: ${stops}`);
  check('pace (phone): End turn from the strip ends an ordinary turn in ≤ 2 taps (a discard owed: one, in place)', turns.length > 0 && turns.every((x) => x.taps <= 2), JSON.stringify(turns));
  await page.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone('taps', (browser, url, check, artifacts) => phoneTaps(browser, url, check, shooter(artifacts)));
