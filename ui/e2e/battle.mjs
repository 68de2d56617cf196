// End-to-end checks of a battle (called from run.mjs): a solo game where you march your Nobles
// into an open field through the action list and, in your Combat Phase, attack by clicking the
// place marked on the map; the
// battle panel must show both sides' strengths, the odds step and who could be named KILLED, at
// desktop (1440×900) and phone (390×844) sizes. Screenshots go to artifacts/.
import { axeAudit } from './play.mjs';
import { attr, confirmIfAsked, openAround, shooter, startGame, waitForDecision } from './game.mjs';

/** The commands on offer: kind and words. */
async function offered(page) {
  return page.locator('warwick-game [data-panel="actions"] button.command').evaluateAll((els) =>
    els.map((e) => ({ kind: e.dataset.command, text: e.textContent.trim(), index: Number(e.dataset.index) })));
}

async function click(page, index) {
  const button = page.locator(`warwick-game [data-panel="actions"] button.command[data-index="${index}"]`);
  await button.evaluate(openAround);
  const kind = await button.getAttribute('data-command');
  await button.click();
  await confirmIfAsked(page, kind);
}

/** The battle panel's numbers. */
async function battlePanel(page) {
  const panel = page.locator('warwick-game [data-panel="battle"]');
  return {
    visible: await panel.isVisible(),
    title: (await panel.locator('h2').textContent()).trim(),
    sides: await panel.locator('.side-box').evaluateAll((els) => els.map((e) => ({
      title: e.querySelector('h3').textContent.trim(),
      strength: Number(e.querySelector('.strength').textContent.match(/\d+/)?.[0] ?? NaN),
      who: [...e.querySelectorAll('li')].map((li) => li.textContent.trim()),
    }))),
    odds: (await panel.locator('[data-field="odds"]').textContent()).replace(/\s+/g, ' ').trim(),
    killed: (await panel.locator('[data-field="killed"]').textContent()).replace(/\s+/g, ' ').trim(),
  };
}

/**
 * On a phone, tapping a command with a place shrinks the sheet to a confirm bar and brings the
 * place into view above it; Back returns to the list; Do it gives the command.
 */
async function phonePreview(browser, url, game, command, check, shot) {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const errors = [];
  phone.on('pageerror', (e) => errors.push(e.message));
  await phone.goto(new URL(`?game=${game}`, url).toString());
  await phone.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
  await waitForDecision(phone);
  if ((await phone.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await phone.locator('[data-tab="play"]').click();
  const button = phone.locator(`warwick-game [data-panel="actions"] button.command[data-index="${command.index}"]`);
  await button.evaluate(openAround);
  await button.scrollIntoViewIfNeeded();
  // Zoomed in first, so the place may start out of view or under the sheet.
  await phone.locator('warwick-map button[aria-label^="Zoom in"]').click();
  await phone.locator('warwick-map button[aria-label^="Zoom in"]').click();
  await shot(phone, 'web-game-phone-list.png');
  await button.tap();
  const preview = phone.locator('warwick-game [data-field="preview"]');
  await preview.waitFor({ timeout: 5000 });
  await phone.waitForTimeout(200);
  const head = Number(await attr(phone, 'data-head'));
  const sheet = await phone.locator('warwick-game .side').boundingBox();
  const map = await phone.locator('warwick-game warwick-map').boundingBox();
  const marks = await phone.locator('warwick-map .focus, warwick-map .from').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }));
  const visible = marks.length > 0 && marks.every((m) => m.y >= map.y && m.y + m.height <= sheet.y && m.x >= map.x && m.x + m.width <= map.x + map.width);
  check('phone: tapping a command with a place shrinks the sheet to a confirm bar', sheet.height < 844 * 0.25 && Number(await attr(phone, 'data-head')) === head,
    `sheet ${Math.round(sheet.height)} px tall: ${(await preview.textContent()).replace(/\s+/g, ' ').trim()}`);
  check('phone: the place it points at, and where the Noble starts, show on the map above the bar',
    visible && (await phone.locator('warwick-map .from').count()) === 1,
    marks.map((m) => `${Math.round(m.x)},${Math.round(m.y)}`).join(' ') + ` (sheet from y ${Math.round(sheet.y)})`);
  await shot(phone, 'web-game-phone-preview.png');
  await phone.locator('[data-action="preview-back"]').tap();
  check('phone: Back returns to the list without acting', await button.isVisible() && Number(await attr(phone, 'data-head')) === head);
  await button.tap();
  await phone.locator('[data-action="preview-do"]').tap();
  await phone.waitForFunction((was) => {
    const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
    return g && !g.busy && Number(g.dataset.head) > was;
  }, head, { timeout: 10000 });
  check('phone: Do it gives the command', true, command.text);
  check('phone: no script errors (preview)', errors.length === 0, errors.join('; '));
  await phone.close();
}

export async function battleChecks(browser, url, check, artifacts) {
  const shot = shooter(artifacts);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => localStorage.setItem('warwick.speed', 'instant'));
  // Seed 7: your three Nobles can march into the open field of West Sussex in round 1 and
  // besiege Arundel in the Combat Phase that follows.
  await startGame(page, url, { seed: 7, bots: 2 });
  const game = Number(await attr(page, 'data-loaded'));

  // March every Noble that can into one open field (the first one offered), then finish every
  // step until an attack is offered.
  let field;
  const marched = new Set();
  let attack;
  for (let picks = 0; picks < 150 && !attack; picks += 1) {
    await waitForDecision(page);
    if (await page.locator('[data-field="outcome"]').count()) break;
    const commands = await offered(page);
    attack = commands.find((c) => c.kind === 'StartAttack');
    if (attack) break;
    const march = commands
      .filter((c) => c.kind === 'MoveNoble')
      .map((c) => ({ ...c, m: c.text.match(/^Move (.+) to the open field of (.+?) by /) }))
      .find((c) => c.m && !marched.has(c.m[1]) && (field === undefined || c.m[2] === field));
    if (march) {
      marched.add(march.m[1]);
      field = march.m[2];
    }
    if (march && marched.size === 1) {
      // The first march is made on a phone: tapping it shows its place above a short bar.
      await phonePreview(browser, url, game, march, check, shot);
      await page.reload();
      await page.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
      continue;
    }
    const pick = march || commands.find((c) => c.kind === 'EndStep' || c.kind === 'Pass') || commands[0];
    await click(page, pick.index);
  }
  check('battle: an attack is offered in your Combat Phase', !!attack, attack?.text ?? 'none');
  if (!attack) {
    await shot(page, 'web-battle-stuck.png');
    await page.close();
    return;
  }
  // The attack is made on the map: the place (or enemy) marked with a cross, tapped once — no
  // list, and no piece to choose first.
  {
    const target = await page.evaluate(() => {
      const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      return g.playModel.play.targets.filter((t) => t.style === 'attack').map((t) => t.key);
    });
    const crosses = await page.locator('warwick-map .target[data-style="attack"]').count();
    const box = target.length ? await page.locator(`warwick-map [data-hit="${target[0]}"]`).last().boundingBox() : null;
    check('battle: the places you can attack are marked on the map with nothing chosen', crosses > 0 && !!box, `${target.join(', ')}`);
    await shot(page, 'web-battle-map-targets.png');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('warwick-game [data-panel="battle"]').waitFor({ timeout: 15000 });
    check('battle: one click on the marked place starts the attack', true, attack.text);
  }
  await waitForDecision(page);
  // Before every Noble is committed a siege may be too weak to launch (10.43): the panel says so
  // exactly when the attack has fewer troops than the defence (both numbers are the rules').
  {
    const early = await battlePanel(page);
    const weak = early.sides.length === 2 && early.sides[0].strength < early.sides[1].strength;
    const note = await page.locator('warwick-game [data-field="too-weak"]').count();
    check('battle: a siege too weak to launch says so, and only then', early.title.startsWith('Siege') ? (note > 0) === weak : note === 0,
      `${early.sides.map((x) => x.strength).join(' vs ')}${note ? ': too weak' : ''}`);
    if (note) await shot(page, 'web-battle-desktop-too-weak.png');
  }
  // Commit every Noble the action list offers, so the attack has its strength.
  for (let i = 0; i < 6; i += 1) {
    const commit = (await offered(page)).find((c) => c.kind === 'CommitAttacker');
    if (!commit) break;
    await click(page, commit.index);
    await waitForDecision(page);
  }
  const battle = await battlePanel(page);
  const [attackSide, defenceSide] = battle.sides;
  check('battle: the battle panel opens with the attack', battle.visible, battle.title);
  check('battle: both sides show their strength',
    battle.sides.length === 2 && attackSide.strength > 0 && defenceSide.strength > 0,
    battle.sides.map((s) => `${s.title}: ${s.strength} (${s.who.join(', ')})`).join(' vs '));
  check('battle: the odds step is shown', /^Odds: ((\d+-\d+|majority) for the (attacker|defender)\.|even:|below the Table of Odds|decided by strength)/.test(battle.odds), battle.odds);
  check('battle: who could be named KILLED is shown', /^Could be named KILLED: .+\.$/.test(battle.killed), battle.killed);
  // Launched when the rules allow it, else called off: either ends the battle panel.
  const next = await offered(page);
  const end = next.find((c) => c.kind === 'LaunchAttack') ?? next.find((c) => c.kind === 'CallOffAttack');
  check('battle: the action list offers to launch or call off the attack', !!end, next.map((c) => c.text).join(' | '));
  await shot(page, 'web-battle-desktop.png');
  const head = Number(await attr(page, 'data-head'));

  // The same battle on a phone: the Play sheet shows it with your decision.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const phoneErrors = [];
  phone.on('pageerror', (e) => phoneErrors.push(e.message));
  await phone.addInitScript(() => localStorage.setItem('warwick.speed', 'instant'));
  await phone.goto(new URL(`?game=${game}`, url).toString());
  await phone.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
  await waitForDecision(phone);
  if ((await phone.locator('[data-tab="play"]').getAttribute('aria-selected')) !== 'true') await phone.locator('[data-tab="play"]').click();
  const onPhone = await battlePanel(phone);
  check('battle (phone): the battle panel shows in the Play sheet', onPhone.visible && Number(await attr(phone, 'data-head')) === head);
  check('battle (phone): the same strengths, odds and KILLED names',
    JSON.stringify(onPhone.sides.map((s) => s.strength)) === JSON.stringify(battle.sides.map((s) => s.strength)) &&
      onPhone.odds === battle.odds && onPhone.killed === battle.killed);
  const box = await phone.locator('warwick-game [data-panel="battle"]').boundingBox();
  check('battle (phone): the panel fits the screen width', box && box.x >= 0 && box.x + box.width <= 390, box && `${box.x}+${box.width}`);
  await phone.locator('warwick-game [data-panel="battle"]').scrollIntoViewIfNeeded();
  await shot(phone, 'web-battle-phone.png');
  check('battle (phone): no script errors', phoneErrors.length === 0, phoneErrors.join('; '));
  await phone.close();

  // axe-core on the battle panel: no serious or critical violation.
  {
    const audit = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await audit.goto(new URL(`?game=${game}`, url).toString());
    await audit.locator('warwick-game[data-loaded]').waitFor({ timeout: 15000 });
    await waitForDecision(audit);
    await audit.locator('warwick-game [data-panel="battle"]').waitFor({ timeout: 10000 });
    const violations = await axeAudit(audit);
    check('axe: the battle panel has no serious or critical violation', violations.length === 0,
      violations.map((v) => `${v.id} (${v.impact}, ${v.nodes}: ${v.example})`).join('; '));
    await audit.close();
  }

  // Launch it (or call it off), then pass in the card window: the battle is fought (the Event
  // card drawn decides) and the panel closes.
  await click(page, end.index);
  for (let i = 0; i < 20; i += 1) {
    await waitForDecision(page, 90000);
    if (!(await page.locator('[data-panel="battle"]').count()) || (await page.locator('[data-field="outcome"]').count())) break;
    const commands = await offered(page);
    const pass = commands.find((c) => c.kind === 'Pass' || c.kind === 'EndStep') ?? commands[0];
    if (i === 0) await shot(page, 'web-battle-desktop-cards.png');
    await click(page, pass.index);
  }
  const rows = (await page.locator('[data-panel="log"] li').allTextContents()).map((r) => r.replace(/\s+/g, ' ').trim());
  const fought = rows.find((r) => /won|lost|battle|siege|KILLED|killed/i.test(r)) ?? '';
  check(`battle: ${end.kind === 'LaunchAttack' ? 'launching' : 'calling off'} the attack ends the battle`,
    Number(await attr(page, 'data-head')) > head && !(await page.locator('[data-panel="battle"]').count()),
    end.kind === 'LaunchAttack' ? fought : rows[0]);
  await shot(page, 'web-battle-desktop-after.png');
  check('battle: no script errors (desktop)', errors.length === 0, errors.join('; '));
  await page.close();
}
