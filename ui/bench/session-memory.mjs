// The session's memory without Playwright (issue 21): N autoplayed games (`?autoplay=N`) in a
// headless Chromium driven over a bare DevTools connection that enables only Runtime and
// Performance. Playwright turns on the DevTools Network domain for every page it opens, and
// Chromium then keeps each API answer (about 2,400 a game) in the renderer for the inspector:
// the renderer grows by 25-50 MB a game that the page does not hold. Here `--net` turns that
// domain on too, to show the difference.
//
//   node ui/bench/session-memory.mjs [--games 3] [--bin target/release/warwick] [--net]
//
// Prints the JS heap after a forced garbage collection, the renderer's Nodes count (every DOM
// node still alive: elements, text, Lit's comment markers, Lit's template cache) and the
// renderer's PSS at each game's end, when the autoplay is done and 3 s later, as one JSON object
// (progress on stderr).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../e2e/serve.mjs';

// Node 20 has WebSocket only behind a flag: run again with it.
if (typeof WebSocket === 'undefined') {
  const child = spawn(process.execPath, ['--no-warnings', '--experimental-websocket', ...process.argv.slice(1)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}

async function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const argv = process.argv.slice(2);
  const arg = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
  const games = Number(arg('games', 3));
  const net = argv.includes('--net');
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const server = startServer(arg('bin', join(root, 'target', 'release', 'warwick')), join(root, 'ui', 'dist'));
  const url = await server.url;
  const profile = mkdtempSync(join(tmpdir(), 'warwick-session-'));
  const chrome = spawn(process.env.CHROMIUM ?? '/usr/bin/chromium', [
    '--headless', '--no-sandbox', '--remote-debugging-port=0', '--window-size=1440,900', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const endpoint = await new Promise((res, rej) => {
    let seen = '';
    chrome.stderr.on('data', (c) => {
      seen += c;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (m) res(m[1]);
    });
    chrome.on('exit', () => rej(new Error('chromium exited')));
  });
  const port = new URL(endpoint).port;
  let targets = [];
  for (let i = 0; i < 50 && !targets.some((t) => t.type === 'page'); i += 1) {
    targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
    await sleep(100);
  }
  const ws = new WebSocket(targets.find((t) => t.type === 'page').webSocketDebuggerUrl);
  await new Promise((r) => (ws.onopen = r));
  let id = 0;
  const pending = new Map();
  ws.onmessage = (m) => {
    const d = JSON.parse(m.data);
    if (d.id && pending.has(d.id)) {
      pending.get(d.id)(d.result ?? d.error);
      pending.delete(d.id);
    }
  };
  const send = (method, params = {}) =>
    new Promise((r) => {
      id += 1;
      pending.set(id, r);
      ws.send(JSON.stringify({ id, method, params }));
    });
  /** PSS of this Chromium's renderer processes (MB), from /proc. */
  const pss = () => {
    let kb = 0;
    for (const n of readdirSync('/proc')) {
      if (!/^\d+$/.test(n)) continue;
      try {
        const cmd = readFileSync(`/proc/${n}/cmdline`, 'utf8');
        if (!cmd.includes('--type=renderer') || !cmd.includes(profile)) continue;
        kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${n}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      } catch {
        /* gone */
      }
    }
    return +(kb / 1024).toFixed(1);
  };
  const measure = async () => {
    await send('HeapProfiler.collectGarbage');
    const { metrics } = await send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    return { js_heap_mb: +(m.JSHeapUsedSize / 1048576).toFixed(1), dom_nodes: m.Nodes, listeners: m.JSEventListeners, renderer_pss_mb: pss() };
  };
  await send('Performance.enable');
  if (net) await send('Network.enable');
  await send('Page.navigate', { url: `${url}?autoplay=${games}` });
  const started = Date.now();
  let last = '';
  const samples = {};
  for (;;) {
    await sleep(2000);
    const r = await send('Runtime.evaluate', { expression: 'document.body?.dataset.autoplay ?? ""', returnByValue: true });
    const state = r?.result?.value ?? '';
    if (state !== last) {
      samples[state] = await measure();
      console.error(`${state} after ${Math.round((Date.now() - started) / 1000)} s`, JSON.stringify(samples[state]));
      last = state;
    }
    if (state === 'done' || Date.now() - started > 45 * 60000) break;
  }
  // Once more when the form is back on its own (the last game screen gone).
  await sleep(3000);
  const end = await measure();
  console.log(JSON.stringify({ games, network_domain: net, seconds: Math.round((Date.now() - started) / 1000), by_game: samples, end }, null, 2));
  ws.close();
  chrome.kill();
  server.child.kill();
  await sleep(500);
  rmSync(profile, { recursive: true, force: true });
}
