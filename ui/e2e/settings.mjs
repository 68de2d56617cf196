// The Settings screen end to end, on servers of its own over one data folder (as `warwick serve
// --db` keeps games): settings changed on the screen, kept after a reload and after the server
// is stopped and started again (a new run); the New game form starts from the saved line-up and
// a game started from it has those bots; the same screen from the game's Menu; the games moved
// to another folder (copied, the old copy kept) and used from then on; every game exported into
// the games folder; a reset asked once, leaving the games alone; a corrupt settings file gives
// the defaults and says so. An axe-core audit of the screen, and screenshots at desktop and
// phone sizes (artifacts/settings-*.png).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeAudit } from './play.mjs';
import { apiCall, startServer, watchPage } from './serve.mjs';

/** `bin serve --db <home>/games.db` on a free port; `url` resolves to its address. */
function startDataServer(bin, uiDir, home) {
  return startServer(bin, uiDir, {}, ['--db', join(home, 'games.db')]);
}

async function stop(server) {
  if (server.child.exitCode !== null) return;
  await new Promise((done) => {
    server.child.once('exit', done);
    server.child.kill('SIGTERM');
  });
}

const screen = (page) => page.locator('warwick-settings').first();
const field = (page, name) => screen(page).locator(`[data-setting="${name}"]`);

/** Waits for the screen's status to say `text` (each change is saved through the service). */
async function saidSoon(page, text) {
  await screen(page).locator('[data-field="settings-status"]', { hasText: text }).waitFor({ timeout: 10000 });
}

async function openSettings(browser, url, viewport = { width: 1440, height: 900 }) {
  const page = await browser.newPage({ viewport, hasTouch: viewport.width < 900 });
  const errors = [];
  watchPage(page, errors);
  await page.goto(url);
  await page.locator('#open-settings').click();
  await field(page, 'bot-count').waitFor({ timeout: 15000 });
  return { page, errors };
}

async function shown(page) {
  return {
    bots: await field(page, 'bot-count').inputValue(),
    tiers: await Promise.all([0, 1, 2, 3].map(async (i) => ((await field(page, `tier-${i}`).count()) ? field(page, `tier-${i}`).inputValue() : null))),
    speed: await field(page, 'bot-speed').inputValue(),
    animation: await field(page, 'animation').isChecked(),
    autoPass: await field(page, 'auto-pass').isChecked(),
  };
}

export async function settingsChecks(browser, check, artifacts, bin, uiDir) {
  const home = mkdtempSync(join(tmpdir(), 'warwick-settings-'));
  const elsewhere = join(mkdtempSync(join(tmpdir(), 'warwick-elsewhere-')), 'Warwick games');
  let server = startDataServer(bin, uiDir, home);
  try {
    let url = await server.url;
    // --- Changed on the screen, kept after a reload ---------------------------------------------
    {
      const { page, errors } = await openSettings(browser, url);
      check('settings: reachable from the start screen', true);
      const before = await shown(page);
      check('settings: the defaults are two Normal bots, Normal speed, animation and auto-pass on',
        before.bots === '2' && before.tiers.slice(0, 2).join() === 'normal,normal' && before.speed === 'normal' && before.animation && before.autoPass,
        JSON.stringify(before));
      await field(page, 'bot-count').selectOption('3');
      await saidSoon(page, 'Saved.');
      await field(page, 'tier-0').selectOption('easy');
      await field(page, 'tier-2').selectOption('random');
      await field(page, 'bot-speed').selectOption('fast');
      // By keyboard: Space toggles a checkbox that has the focus.
      await field(page, 'animation').focus();
      await page.keyboard.press('Space');
      await field(page, 'auto-pass').click();
      await page.waitForFunction(async () => {
        const v = await (await fetch('./api/settings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
        return v.settings.auto_pass === false && v.settings.animation === false;
      }, null, { timeout: 10000 });
      const violations = await axeAudit(page);
      check('settings: no serious or critical axe-core violation', violations.length === 0, violations.map((v) => `${v.id}: ${v.example}`).join('; '));
      const shot = join(artifacts, 'settings-desktop.png');
      await page.screenshot({ path: shot, fullPage: true });
      console.log(`screenshot: ${shot}`);
      await page.goto(new URL('?view=settings', url).toString());
      await field(page, 'bot-count').waitFor({ timeout: 15000 });
      await page.waitForFunction(() => document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-settings')?.shadowRoot?.querySelector('[data-field="games-folder"]'), null, { timeout: 10000 });
      const after = await shown(page);
      const wanted = { bots: '3', tiers: ['easy', 'normal', 'random', null], speed: 'fast', animation: false, autoPass: false };
      check('settings: kept after a reload', JSON.stringify(after) === JSON.stringify(wanted), JSON.stringify(after));
      check('settings: no script errors', errors.length === 0, errors.join('; '));
      await page.close();
    }
    // --- Kept in a new run; the New game form starts from them; a game gets those bots ---------
    await stop(server);
    check('settings: written beside the database', existsSync(join(home, 'settings.json')));
    server = startDataServer(bin, uiDir, home);
    url = await server.url;
    {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const errors = [];
      watchPage(page, errors);
      await page.goto(url);
      await page.locator('#new-game:not([disabled])').waitFor({ timeout: 15000 });
      await page.waitForFunction(() => document.querySelector('warwick-app')?.shadowRoot?.querySelector('[data-field="bots"]')?.value === '3', null, { timeout: 10000 }).catch(() => undefined);
      const form = {
        bots: await page.locator('[data-field="bots"]').inputValue(),
        tiers: await Promise.all([0, 1, 2].map((i) => page.locator(`[data-field="tier-${i}"]`).inputValue())),
      };
      check('new run: the New game form starts from the saved line-up', form.bots === '3' && form.tiers.join() === 'easy,normal,random', JSON.stringify(form));
      await page.locator('#new-game').click();
      await page.waitForURL(/game=\d+/, { timeout: 20000 });
      const game = Number(new URL(page.url()).searchParams.get('game'));
      const status = await (await apiCall(url, 'status', { game })).json();
      const seats = status.seats.map((s) => (s.kind === 'bot' ? s.tier : s.kind));
      check('new run: the game started has you and the saved bots', seats.join() === 'human,easy,normal,random', seats.join());
      // The same settings from the game's Menu.
      await page.locator('warwick-game [data-field="speed"]').first().waitFor({ timeout: 20000 });
      check('game: the bot speed comes from the settings', (await page.locator('warwick-game [data-field="speed"]').first().inputValue()) === 'fast');
      await page.locator('warwick-game [data-action="menu"]').first().click();
      await page.locator('warwick-game [data-menu="settings"]').click();
      const inMenu = page.locator('warwick-game warwick-settings [data-setting="bot-speed"]');
      await inMenu.waitFor({ timeout: 10000 });
      check('game: the Menu opens the same settings', (await inMenu.inputValue()) === 'fast');
      await inMenu.selectOption('instant');
      await page.waitForFunction(async () => {
        const v = await (await fetch('./api/settings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
        return v.settings.bot_speed === 'instant';
      }, null, { timeout: 10000 });
      const shot = join(artifacts, 'settings-in-game.png');
      await page.screenshot({ path: shot });
      console.log(`screenshot: ${shot}`);
      check('game: a speed chosen in the Menu is the game\'s speed', (await page.locator('warwick-game [data-field="speed"]').first().inputValue()) === 'instant');
      check('game: no script errors', errors.length === 0, errors.join('; '));
      await page.close();
    }
    // --- Another games folder; export; reset ----------------------------------------------------
    {
      const { page, errors } = await openSettings(browser, url);
      await field(page, 'games-folder').fill(elsewhere);
      await screen(page).locator('[data-action="move-games"]').click();
      await saidSoon(page, 'copied');
      const where = await screen(page).locator('[data-field="games-folder"]').textContent();
      check('folder: games are kept in the folder chosen', where === elsewhere, where);
      check('folder: the games were copied there, the old copy kept', existsSync(join(elsewhere, 'games.db')) && existsSync(join(home, 'games.db')));
      const listed = await (await apiCall(url, 'list_games')).json();
      check('folder: the game started before is still listed', listed.length === 1, `${listed.length} games`);
      await screen(page).locator('[data-action="export-all"]').click();
      const file = await screen(page).locator('[data-field="export-file"] code').textContent({ timeout: 10000 });
      check('export: one history file saved in the games folder', file.startsWith(elsewhere) && readFileSync(file, 'utf8').startsWith('{"format":"warwick-history"'), file);
      await screen(page).locator('[data-action="reset"]').click();
      check('reset: asked first', await screen(page).locator('[role="alert"]', { hasText: 'not touched' }).isVisible());
      await screen(page).locator('[data-action="reset-yes"]').click();
      await saidSoon(page, 'defaults');
      const reset = await shown(page);
      check('reset: settings back to the defaults', reset.bots === '2' && reset.speed === 'normal' && reset.animation && reset.autoPass, JSON.stringify(reset));
      const afterReset = await (await apiCall(url, 'list_games')).json();
      const still = await screen(page).locator('[data-field="games-folder"]').textContent();
      check('reset: the games and their folder are untouched', afterReset.length === 1 && still === elsewhere, `${afterReset.length} games in ${still}`);
      check('folder: no script errors', errors.length === 0, errors.join('; '));
      await page.close();
    }
    // --- The folder chosen is used by the next run; a phone; a corrupt file ---------------------
    await stop(server);
    server = startDataServer(bin, uiDir, home);
    url = await server.url;
    {
      const view = await (await apiCall(url, 'settings')).json();
      check('new run: the games folder chosen is used', view.games_folder === elsewhere, view.games_folder);
      const { page } = await openSettings(browser, url, { width: 390, height: 844 });
      const shot = join(artifacts, 'settings-phone.png');
      await page.screenshot({ path: shot, fullPage: true });
      console.log(`screenshot: ${shot}`);
      await page.close();
    }
    await stop(server);
    writeFileSync(join(home, 'settings.json'), '{"bots": ["normal", ');
    server = startDataServer(bin, uiDir, home);
    url = await server.url;
    {
      const { page, errors } = await openSettings(browser, url);
      const notice = await screen(page).locator('[data-field="settings-notice"]').textContent({ timeout: 10000 });
      check('corrupt file: the defaults, and a message that says so', notice.includes('could not be used') && (await shown(page)).bots === '2', notice);
      check('corrupt file: no script errors', errors.length === 0, errors.join('; '));
      const shot = join(artifacts, 'settings-corrupt-file.png');
      await page.screenshot({ path: shot, fullPage: true });
      console.log(`screenshot: ${shot}`);
      await page.close();
    }
  } finally {
    await stop(server);
    rmSync(home, { recursive: true, force: true });
    rmSync(join(elsewhere, '..'), { recursive: true, force: true });
  }
}
