// The served UI's budgets in headless Chromium (issues 19 and 21), called by scripts/budgets.sh:
//
// - smoothness: the map with every piece drawn (`?demo=pieces`) panned by mouse drags and zoomed
//   by the wheel for 5 s (input at 125 Hz on its own clock): long tasks (PerformanceObserver 'longtask', > 50 ms) and frames per
//   second, from the performance trace (DrawFrame events) and from requestAnimationFrame;
// - click to map: a person's command clicked in the game's action list until the map shows it
//   (the game's head moved, the screen and the map rendered, the next frame drawn), p50/p95
//   over N commands of a solo game against 3 Normal bots at the fastest speed;
// - a session: N games of you + 3 Normal bots played by the page's autoplay (`?autoplay=N`),
//   with the JS heap after a forced garbage collection, the DOM's node count and the renderer's
//   memory at the start of each game and at the end.
//
//   node ui/bench/browser.mjs --bin target/release/warwick [--commands 100] [--games 10]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const bin = args.bin ?? join(root, 'target', 'release', 'warwick');
const commands = Number(args.commands ?? 100);
const games = Number(args.games ?? 10);
const parts = (args.parts ?? 'smooth,click,session').split(',');
const log = (...a) => console.error('[browser]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)].toFixed(1) : null;
};

/**
 * The input of the 5 s of panning and zooming, one event every 8 ms as a 125 Hz mouse sends it:
 * a wheel zooming in at one point, a round drag, the wheel zooming out at another point, a
 * drag the other way round, and again. Every event moves the map (the zoom stays between the
 * whole map and 8×, the drags within the map's margins), so each frame has something to draw:
 * the page keeps up only if it draws every frame.
 */
function gestureEvents(cx, cy, ms) {
  const events = [];
  const wheel = (x, y, deltaY, n) => {
    for (let i = 0; i < n; i += 1) events.push({ type: 'mouseWheel', x, y, deltaX: 0, deltaY });
  };
  const drag = (sign, n) => {
    events.push({ type: 'mouseMoved', x: cx, y: cy });
    events.push({ type: 'mousePressed', x: cx, y: cy, button: 'left', buttons: 1, clickCount: 1 });
    for (let i = 1; i <= n; i += 1) {
      const a = (2 * Math.PI * i) / n;
      const x = cx + sign * 140 * Math.sin(a);
      const y = cy + 90 * (1 - Math.cos(a));
      events.push({ type: 'mouseMoved', x, y, button: 'left', buttons: 1 });
    }
    events.push({ type: 'mouseReleased', x: cx, y: cy, button: 'left', buttons: 0, clickCount: 1 });
  };
  while (events.length * 8 < ms) {
    wheel(cx + 60, cy - 40, -15, 40);
    drag(1, 90);
    wheel(cx - 80, cy + 30, 15, 40);
    drag(-1, 90);
  }
  return events.slice(0, Math.ceil(ms / 8));
}

/** Pans and zooms the demo map for 5 s under a performance trace. */
async function smoothness(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(new URL('?demo=pieces', url).toString());
  await page.locator('warwick-map .stack').first().waitFor({ timeout: 15000 });
  await sleep(500);
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    window.__frames = 0;
    const tick = () => {
      window.__frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const box = await page.locator('warwick-map').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const events = gestureEvents(cx, cy, 5000);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing'],
  });
  // Input is sent on its own clock, not one event per round trip, so that how fast the page
  // answers does not slow the input down (the browser coalesces what the page cannot take).
  const frames0 = await page.evaluate(() => (performance.mark('gestures-start'), window.__frames));
  const started = performance.now();
  const sent = [];
  for (let i = 0; i < events.length; i += 1) {
    const wait = started + i * 8 - performance.now();
    if (wait > 0) await sleep(wait);
    sent.push(cdp.send('Input.dispatchMouseEvent', events[i]));
  }
  await Promise.all(sent);
  const frames = (await page.evaluate(() => (performance.mark('gestures-end'), window.__frames))) - frames0;
  const seconds = (performance.now() - started) / 1000;
  const trace = JSON.parse(String(await browser.stopTracing()));
  const traceEvents = trace.traceEvents ?? trace;
  // Frames drawn between the two marks, over the time between them as the trace saw it.
  const mark = (name) => traceEvents.find((e) => e.name === name)?.ts;
  const [t0, t1] = [mark('gestures-start'), mark('gestures-end')];
  const drawn = traceEvents.filter((e) => e.name === 'DrawFrame' && e.ts >= t0 && e.ts <= t1).length;
  const traceSeconds = (t1 - t0) / 1e6;
  const long = await page.evaluate(() => window.__long);
  const stacks = await page.locator('warwick-map .stack').count();
  await page.close();
  return {
    seconds: +seconds.toFixed(2),
    pieces_drawn: stacks,
    input_events: events.length,
    trace_seconds: +traceSeconds.toFixed(2),
    trace_draw_frames: drawn,
    trace_fps: +(drawn / traceSeconds).toFixed(1),
    raf_fps: +(frames / seconds).toFixed(1),
    long_tasks: long.length,
    longest_task_ms: long.length ? Math.max(...long) : 0,
  };
}

/** Clicks N of your commands in the action list, timing each until the map has shown it. */
async function clickToMap(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.evaluate(() => localStorage.setItem('warwick.speed', 'instant'));
  await page.locator('#new-game:not([disabled])').waitFor({ timeout: 20000 });
  await page.locator('[data-field="bots"]').selectOption('3');
  await page.locator('[data-field="seed"]').fill('11');
  await page.locator('#new-game').click();
  const times = [];
  let unmoved = 0;
  let seed = 11;
  const pick = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  // The page's CSP allows no eval: each function finds the game screen itself.
  for (let n = 0; n < commands; n += 1) {
    await page.waitForFunction(() => {
      const g = document.querySelector('warwick-app')?.shadowRoot?.querySelector('warwick-game');
      return g && !g.busy && !g.running && (g.yourTurn || g.status?.outcome);
    }, null, { timeout: 120000 });
    const over = await page.evaluate(() => !!document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game').status?.outcome);
    if (over) break;
    const ms = await page.evaluate(async (r) => {
      const g = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      const buttons = [...g.shadowRoot.querySelectorAll('[data-panel="actions"] button.command')];
      if (!buttons.length) return null;
      const button = buttons[Math.floor(r * buttons.length)];
      for (let d = button.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
      const head = g.head;
      const map = g.shadowRoot.querySelector('warwick-map');
      const t0 = performance.now();
      button.click();
      // A button that only opens a choice (its command needs a target) moves nothing: not timed.
      while (!(g.head > head && !g.busy)) {
        if (performance.now() - t0 > 10000) return -1;
        await new Promise((res) => setTimeout(res, 0));
      }
      await g.updateComplete;
      await map?.updateComplete;
      await new Promise((res) => requestAnimationFrame(() => res()));
      return performance.now() - t0;
    }, pick());
    if (ms === -1) unmoved += 1;
    else if (ms !== null) times.push(ms);
    if (args.verbose) log(`command ${n}: ${ms === null ? "none" : ms.toFixed(1)} ms`);
  }
  await page.close();
  return { commands: times.length, not_moving_the_game: unmoved, p50_ms: percentile(times, 0.5), p95_ms: percentile(times, 0.95), max_ms: percentile(times, 1) };
}

/** PSS of Chromium's renderer processes (MB), from /proc. */
function rendererPss() {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmd.includes('chrom') || !cmd.includes('--type=renderer') || cmd.includes('top-chrome-webui')) continue;
      const kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      total += kb / 1024;
    } catch {
      /* gone */
    }
  }
  return +total.toFixed(1);
}

/** N autoplayed games, sampling the page's memory at each game's start and at the end. */
async function session(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    return { js_heap_mb: +(m.JSHeapUsedSize / 1048576).toFixed(1), dom_nodes: m.Nodes, renderer_pss_mb: rendererPss() };
  };
  await page.goto(new URL(`?autoplay=${games}`, url).toString());
  const started = Date.now();
  const samples = {};
  let last = '';
  for (;;) {
    const state = await page.evaluate(() => document.body.dataset.autoplay ?? '');
    if (state !== last) {
      samples[state] = await measure();
      log(`session: ${state} after ${Math.round((Date.now() - started) / 1000)} s`, JSON.stringify(samples[state]));
      last = state;
    }
    if (state === 'done' || Date.now() - started > Number(args.minutes ?? 45) * 60000) break;
    await sleep(2000);
  }
  const end = await measure();
  await page.close();
  return { games, seconds: Math.round((Date.now() - started) / 1000), by_game: samples, end };
}

const server = startServer(bin, join(root, 'ui', 'dist'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync',
    '--enable-precise-memory-info'],
});
const report = {};
try {
  const url = await server.url;
  if (parts.includes('smooth')) {
    log('smoothness');
    report.pan_zoom = await smoothness(browser, url).catch((e) => ({ error: String(e?.message ?? e).split('\n')[0] }));
  }
  if (parts.includes('click')) {
    log('click to map');
    report.click_to_map = await clickToMap(browser, url).catch((e) => ({ error: String(e?.message ?? e).split('\n')[0] }));
  }
  if (parts.includes('session')) {
    log('session');
    report.session = await session(browser, url).catch((e) => ({ error: String(e?.message ?? e).split('\n')[0] }));
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
}
console.log(JSON.stringify(report, null, 2));
