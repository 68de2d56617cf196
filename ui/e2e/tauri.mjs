// End-to-end run of the real Tauri window (run under a display, e.g. xvfb-run): starts
// tauri-driver, which starts WebKitWebDriver and the built app (`warwick-app`), then drives the
// window over plain W3C WebDriver HTTP: from the start screen it starts a solo game through the
// New game form, waits for the map with its pieces and for your decision list, gives one
// command through the action list (a real IPC round trip that writes to the log), makes one
// move on the map by clicking a Noble and then a ringed place, asks for advice, leaves the game
// for the start screen, and saves screenshots of the window to
// artifacts/tauri-start.png, tauri-game.png, tauri-map-move.png, tauri-advice.png and
// tauri-left.png.
//
// The app keeps its games in a throwaway data folder (XDG_DATA_HOME), so a run never touches
// the games of the person running it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDriver, freePort, send } from './webdriver.mjs';
import { onANetwork } from './phone.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const app = process.env.WARWICK_APP ?? join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'debug', 'warwick-app');
const artifacts = process.env.WARWICK_ARTIFACTS ?? join(root, 'artifacts');
mkdirSync(artifacts, { recursive: true });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

/** A W3C WebDriver session over fetch. */
class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  static async start(base, capabilities) {
    const body = await send(base, 'POST', '/session', { capabilities });
    return new Session(base, body.value.sessionId);
  }

  cmd(method, path, body, timeout) {
    return send(this.base, method, `/session/${this.id}${path}`, body, timeout).then((b) => b.value);
  }

  /** Runs a script in the page (`arguments` as usual) and returns its value. */
  run(script, ...args) {
    return this.cmd('POST', '/execute/sync', { script, args });
  }

  /** Polls `script` until it returns something truthy; returns that. */
  async until(what, script, timeout = 30000, ...args) {
    const started = Date.now();
    let last;
    while (Date.now() - started < timeout) {
      try {
        last = await this.run(script, ...args);
        if (last) return last;
      } catch (error) {
        last = String(error);
      }
      await sleep(250);
    }
    throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
  }

  /** Saves a screenshot of the window. WebKitGTK takes it once the page has presented its next
   * frame, and a page with nothing new to draw may present none: after the advice, on one busy
   * core, the request waited until a mouse moved over the window (CI: 2 × 300 s; here 3 runs in 6).
   * So while it is taken a 1-pixel mark in the window's corner changes its opacity every frame,
   * between two values too small to show (a colour's alpha that rounds to the same byte is no
   * change at all, and did not help). */
  async screenshot(name) {
    await this.run(`const mark = document.createElement('div');
      mark.dataset.screenshotTick = '';
      mark.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;background:#000;opacity:0.003;z-index:2147483647';
      document.documentElement.append(mark);
      let on = false;
      const tick = () => { if (!mark.isConnected) return; on = !on; mark.style.opacity = on ? '0.002' : '0.003'; requestAnimationFrame(tick); };
      tick();`);
    let png;
    try {
      png = await this.cmd('GET', '/screenshot', undefined, 30_000);
    } finally {
      await this.run(`document.querySelectorAll('[data-screenshot-tick]').forEach((m) => m.remove());`).catch(() => undefined);
    }
    const path = join(artifacts, name);
    writeFileSync(path, Buffer.from(png, 'base64'));
    console.log(`screenshot: ${path}`);
  }

  end() {
    return send(this.base, 'DELETE', `/session/${this.id}`).catch(() => undefined);
  }
}

// Scripts run in the page. The UI is made of Lit elements, so they look inside shadow roots.
const GAME = `const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');`;
const IN_APP = (selector) => `document.querySelector('warwick-app')?.shadowRoot?.querySelector(${JSON.stringify(selector)})`;

const dataHome = mkdtempSync(join(tmpdir(), 'warwick-tauri-e2e-'));
const port = await freePort();
const nativePort = await freePort();
const driverPath = findDriver();
const driverLog = [];
const driver = spawn(driverPath, ['--port', String(port), '--native-port', String(nativePort)], {
  env: { ...process.env, XDG_DATA_HOME: dataHome },
  stdio: ['ignore', 'pipe', 'pipe'],
});
driver.stdout.on('data', (c) => driverLog.push(String(c)));
driver.stderr.on('data', (c) => driverLog.push(String(c)));
driver.on('error', (e) => driverLog.push(`could not start ${driverPath}: ${e.message}`));

const base = `http://127.0.0.1:${port}`;
let session;
try {
  if (!existsSync(app)) throw new Error(`no app at ${app}: build it with cargo build -p warwick-app`);
  // Wait for the driver to listen.
  for (let i = 0; i < 80; i += 1) {
    if (await fetch(`${base}/status`).then((r) => r.ok, () => false)) break;
    if (driver.exitCode !== null) break;
    await sleep(250);
  }
  session = await Session.start(base, { alwaysMatch: { 'tauri:options': { application: app } } });
  check('tauri: a WebDriver session drives the real app window', !!session.id);

  // The start screen: the version from app_info (a real IPC call) and the New game form.
  const version = await session.until('the start screen', `return ${IN_APP('[data-field="version"]')}?.textContent ?? null;`);
  check('tauri: the start screen shows the version from app_info', /\d+\.\d+/.test(version), version);
  // The app gives the page its facts before the page's script runs (src-tauri/src/boot.rs), the
  // same the service answers, so the start screen is ready in its first frame.
  const boot = await session.run('return window.__WARWICK_BOOT__?.app_info ?? null;');
  check('tauri: the app gives the page its facts at its start (the version shown)', boot?.version === version && boot?.name === 'Warwick', JSON.stringify(boot));
  const inTauri = await session.run('return "__TAURI_INTERNALS__" in window;');
  check('tauri: the page talks to the app over IPC, not HTTP', inTauri === true);
  await session.until('New game to be enabled', `const b = ${IN_APP('#new-game')}; return !!b && !b.disabled;`);
  // The app opens every game in a page of its own, so its start screen does not fetch the game's
  // screen (a browser does, once the start screen is shown: ui/src/screens.ts).
  await session.until('the start screen shown', `return performance.getEntriesByName('warwick:shown').length > 0;`);
  await new Promise((r) => setTimeout(r, 500));
  const gameDefined = await session.run(`return customElements.get('warwick-game') !== undefined;`);
  check("tauri: the start screen leaves the game's screen unloaded (each game opens a page of its own)", gameDefined === false, `warwick-game defined: ${gameDefined}`);
  await session.run(`localStorage.setItem('warwick.speed', 'fast');`);
  // A fixed seed, so the game is the same every run.
  await session.run(`const s = ${IN_APP('[data-field="seed"]')}; s.value = '7'; s.dispatchEvent(new Event('input', { bubbles: true }));`);
  await session.screenshot('tauri-start.png');

  // Start: a real WebDriver click on the button (found through the shadow root).
  const button = await session.run(`return ${IN_APP('#new-game')};`);
  const elementId = button && Object.values(button)[0];
  if (elementId) {
    await session.cmd('POST', `/element/${elementId}/click`, {});
  } else {
    await session.run(`${IN_APP('#new-game')}.click();`);
  }
  const loaded = await session.until('the game screen', `${GAME} return g?.dataset.loaded ?? null;`, 30000);
  check('tauri: Start opens a solo game', Number(loaded) > 0, `game ${loaded}`);

  // The map with its pieces, then your decision list once the bots have played up to you.
  const pieces = await session.until('the pieces on the map',
    `${GAME} const m = g?.shadowRoot?.querySelector('warwick-map'); const n = m?.shadowRoot?.querySelectorAll('.noble').length ?? 0; return n >= 3 ? n : 0;`);
  check('tauri: the map draws the pieces of the game', pieces >= 3, `${pieces} noble chips`);
  const places = await session.run(`${GAME} return g.shadowRoot.querySelector('warwick-map').shadowRoot.querySelectorAll('[data-place]').length;`);
  check('tauri: the map draws every place', places >= 120, `${places} places`);
  const decision = await session.until('your decision list',
    `${GAME} const r = g?.shadowRoot; if (!r || g.running || g.busy) return null;
     const groups = [...r.querySelectorAll('[data-panel="actions"] .group h3')].map((h) => h.textContent.trim());
     return groups.length ? { groups, commands: r.querySelectorAll('[data-panel="actions"] button.command').length, head: Number(g.dataset.head) } : null;`,
    90000);
  check('tauri: your decision list shows the legal commands by kind', decision.commands > 0,
    `${decision.commands} commands in ${decision.groups.join(' | ')}`);
  const status = await session.run(`${GAME} return g.shadowRoot.querySelector('[data-field="status"]').textContent;`);
  check('tauri: the status bar shows round, turn and phase', /Round \d+ · .* phase/.test(status), status.trim());
  await sleep(500); // let the last render settle before the photograph
  await session.screenshot('tauri-game.png');

  // One command through the action list: it goes through the app's `act` and lands in the log.
  const kind = await session.run(`${GAME} const r = g.shadowRoot;
    const b = [...r.querySelectorAll('[data-panel="actions"] button.command')];
    const pick = b.find((x) => x.dataset.command === 'EndStep' || x.dataset.command === 'Pass') ?? b[0];
    for (let d = pick.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
    pick.click();
    return pick.dataset.command;`);
  const after = await session.until('the command to be recorded',
    `${GAME} return g && !g.busy && Number(g.dataset.head) > arguments[0] ? Number(g.dataset.head) : null;`, 30000, decision.head);
  check('tauri: a command given in the window is recorded', after > decision.head, `${kind}: seq ${decision.head} → ${after}`);

  // One move on the map: a Noble of yours clicked, then a ringed place, by real pointer input
  // (WebDriver actions at the buttons' places in the window). Steps before Movement are ended
  // through the game's own End step / Draw, as a player would from the turn panel.
  const chosen = await session.until('a Noble of yours that can move',
    `${GAME} if (!g || g.running || g.busy || !g.yourTurn) return null;
     const play = g.playModel?.play;
     const key = play && Object.entries(play.pieces).find(([k, p]) => p.selectable && k.startsWith('nobles:'))?.[0];
     if (key && g.live.clock.phase === 'movement') {
       const hit = [...g.shadowRoot.querySelector('warwick-map').shadowRoot.querySelectorAll('[data-hit]')].find((b) => b.dataset.hit === key);
       const r = hit.getBoundingClientRect();
       return { key, x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2), head: g.head };
     }
     const next = g.legal.find((l) => l.command.type === 'DrawEventCard') ?? g.legal.find((l) => l.command.type === 'EndStep' || l.command.type === 'Pass');
     if (next) g.give(next);
     return null;`, 90000);
  const clickAt = (x, y) => session.cmd('POST', '/actions', { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [
    { type: 'pointerMove', origin: 'viewport', x, y, duration: 0 },
    { type: 'pointerDown', button: 0 }, { type: 'pause', duration: 60 }, { type: 'pointerUp', button: 0 }] }] });
  await clickAt(chosen.x, chosen.y);
  const target = await session.until('the places it can go to be ringed',
    `${GAME} const play = g.playModel?.play; if (!g.selection.length || !play?.targets.length) return null;
     const frame = g.shadowRoot.querySelector('warwick-map').getBoundingClientRect();
     const hits = [...g.shadowRoot.querySelector('warwick-map').shadowRoot.querySelectorAll('[data-group="targets"] [data-hit]')];
     for (const t of play.targets.filter((t) => t.style === 'move')) {
       const hit = hits.find((b) => b.dataset.hit === t.key); if (!hit) continue;
       const r = hit.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + r.height / 2;
       if (x > frame.x + 60 && x < frame.right - 70 && y > frame.y + 50 && y < frame.bottom - 50) return { label: t.label, x: Math.round(x), y: Math.round(y), count: play.targets.length };
     }
     return null;`, 15000);
  check('tauri: clicking a Noble on the map rings where it can go', target.count > 0, `${chosen.key}: ${target.count} places`);
  await clickAt(target.x, target.y);
  const moved = await session.until('the move to be recorded',
    `${GAME} return g && !g.busy && g.head > arguments[0] ? g.head : null;`, 30000, chosen.head);
  check('tauri: clicking a ringed place moves the Noble (a click on the piece, then the place)', moved > chosen.head, target.label);
  await session.screenshot('tauri-map-move.png');
  const errors = await session.run(`${GAME} return g.shadowRoot.querySelector('.message.error')?.textContent ?? '';`);
  check('tauri: no error shown', !errors, errors);

  // Advice in the real window: a command the app forgot to grant works in the browser and is
  // refused only here ("not allowed by ACL").
  await session.until('your decision, to ask for advice', `${GAME} const b = g?.shadowRoot?.querySelector('[data-action="advice"]');
    if (b && !b.disabled && !g.busy && !g.running) { b.click(); return true; } return null;`, 90000);
  const advice = await session.until('the advice', `${GAME} const a = g.shadowRoot.querySelector('[data-field="advice"]');
    const e = g.shadowRoot.querySelector('.message.error');
    return a ? a.textContent.replace(/\\s+/g, ' ').trim() : e ? 'ERROR ' + e.textContent : null;`, 90000);
  check('tauri: advice says what a Hard player would do', advice.startsWith('A Hard player would'), advice.slice(0, 140));
  await session.screenshot('tauri-advice.png');

  // Leaving the game: the start screen comes back, the New game form as it was, the page still
  // on IPC. (Under WebDriver the app loads the page afresh in the same web process: WebKit closes
  // a web view driven by automation once its web process ends. scripts/swap-check.sh checks the
  // new web process without WebDriver.)
  const seed = await session.run(`return document.querySelector('warwick-app').form.seed;`);
  await session.run(`${GAME} g.shadowRoot.querySelector('[data-action="menu"]').click();`);
  await session.until('the menu', `${GAME} return !!g.shadowRoot.querySelector('[data-menu="leave"]');`, 10000);
  const left = Date.now();
  await session.run(`${GAME} g.shadowRoot.querySelector('[data-menu="leave"]').click();`);
  const back = await session.until('the start screen again', `const b = ${IN_APP('#new-game')};
    return b && !b.disabled && !${IN_APP('warwick-game')} ? ${IN_APP('[data-field="version"]')}?.textContent ?? null : null;`, 30000);
  const took = Date.now() - left;
  check('tauri: leaving a game shows the start screen, the page still on IPC', /\d+\.\d+/.test(back), `${back}, ${took} ms after Leave (polled every 250 ms)`);
  const seedAfter = await session.run(`return document.querySelector('warwick-app').form.seed;`);
  check('tauri: the New game form is as it was left', seedAfter === seed, `seed ${seed} → ${seedAfter}`);
  await session.screenshot('tauri-left.png');

  // Play on your phone from the app: it serves its own games and the UI it holds on the home
  // network; a phone with the pairing address gets both, anyone else nothing.
  if (!onANetwork()) throw new Error('SKIP-PHONE');
  const PHONE = `const p = ${IN_APP('warwick-phone-page')}?.shadowRoot?.querySelector('warwick-phone')?.shadowRoot;`;
  await session.run(`${IN_APP('#open-phone')}.click();`);
  await session.until('the Serve button', `${PHONE} return !!p?.querySelector('[data-action="serve-lan"]');`, 15000);
  await session.run(`${PHONE} p.querySelector('[data-action="serve-lan"]').click();`);
  const pairing = (await session.until('a pairing address', `${PHONE} return p?.querySelector('[data-field="pairing-url"]')?.textContent ?? null;`, 30000)).trim();
  const lanBase = pairing.replace(/pair\/[0-9a-f]+$/, '');
  check('tauri: Play on your phone serves the games on the home network and shows a pairing address with its QR code',
    /^http:\/\/[\d.]+:\d+\/pair\/[0-9a-f]{64}$/.test(pairing) && (await session.run(`${PHONE} return p.querySelectorAll('[data-field="pairing-qr"] svg').length;`)) === 1, pairing);
  await session.screenshot('tauri-phone.png');
  const stranger = await fetch(lanBase);
  const paired = await fetch(pairing, { redirect: 'manual' });
  const cookie = (paired.headers.get('set-cookie') ?? '').split(';')[0];
  const shell = await fetch(lanBase, { headers: { cookie } });
  const html = await shell.text();
  const script = html.match(/src="\.?\/?(assets\/[^"]+\.js)"/)?.[1];
  const js = script ? await fetch(new URL(script, lanBase), { headers: { cookie } }) : null;
  check("tauri: a paired phone gets the app's own UI from it, an unpaired one nothing",
    stranger.status === 401 && paired.status === 200 && cookie.startsWith('warwick_session=') && shell.status === 200 &&
      html.includes('warwick-token') && !!js?.ok && (js.headers.get('content-type') ?? '').includes('javascript'),
    `unpaired ${stranger.status}, pairing ${paired.status}, page ${shell.status}, script ${script} ${js?.status} ${js?.headers.get('content-type')}`);
  const games = await fetch(new URL('api/list_games', lanBase), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: lanBase.replace(/\/$/, '') },
    body: '{}',
  });
  const listed = await games.text();
  check("tauri: the phone plays the app's own games", games.ok && listed.includes(`"game":${loaded}`), listed.slice(0, 160));
} catch (error) {
  if (error?.message === 'SKIP-PHONE') console.log('SKIP tauri: Play on your phone: this machine has no network address (only loopback)');
  else check('tauri end-to-end run', false, String(error?.stack ?? error));
  console.log(driverLog.join('').slice(-4000));
  if (session) await session.screenshot('tauri-failed.png').catch(() => undefined);
} finally {
  if (session) await session.end().catch(() => undefined);
}

// A warwick:// address opens the check of its code: the app started with one (as the desktop
// entry starts it for a link clicked in a chat or a browser) shows "Check a shared result" with
// the code and checks it. The golden compact code replays here (or is refused by its version,
// plainly, in a later build).
let linkSession;
try {
  const golden = JSON.parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../src/service/golden/replay-code-w4.json'), 'utf8')).code;
  linkSession = await Session.start(base, {
    alwaysMatch: { 'tauri:options': { application: app, args: [`warwick://verify#${golden}`] } },
  });
  const VERIFY = `const v = ${IN_APP('warwick-verify')}?.shadowRoot;`;
  const shown = await linkSession.until('the check of the linked code',
    `${VERIFY} if (!v) return null; const outcome = v.querySelector('[data-field="verified-outcome"]')?.textContent;
     const refused = v.querySelector('[data-field="refused"]')?.textContent;
     return outcome || refused ? { code: v.querySelector('[data-field="code"]')?.value ?? '', outcome, refused } : null;`, 60000);
  check('tauri: a warwick:// address opens the app on the check of its code, and checks it',
    shown.code.trim() === golden && (!!shown.outcome || /version/.test(shown.refused ?? '')),
    `${shown.outcome ?? shown.refused}`.trim().slice(0, 120));
  await linkSession.screenshot('tauri-deep-link.png');
} catch (error) {
  check('tauri: warwick:// address', false, String(error?.stack ?? error));
  console.log(driverLog.join('').slice(-4000));
} finally {
  if (linkSession) await linkSession.end().catch(() => undefined);
  driver.kill('SIGTERM');
  await sleep(300);
  rmSync(dataHome, { recursive: true, force: true });
}
const failed = checks.filter((c) => !c.ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);
