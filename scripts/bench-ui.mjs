#!/usr/bin/env node
// UI benchmark (not a test: it prints figures, never asserts them). Run with `npm run bench:ui`
// (`vite build && tsx scripts/bench-ui.mjs [--services 5000] [--seed 1] [--dist DIR] [--port N]`): tsx lets this script
// import the generator from src/sim.
//
// 1. generates a 5,000-Service iptables-save (~20 MB) with src/sim;
// 2. serves dist/ with `vite preview` on its own port and opens it in Chromium (Playwright);
// 3. opens the dump through the file picker and times "graph shown", then sends a packet to a
//    Service and times "path listed";
// 4. counts long tasks (> 100 ms, PerformanceObserver 'longtask') on the main thread while the
//    dump is parsed: parsing runs in the worker, so the page should stay responsive;
// 5. sums the initial JS (what index.html loads before Monaco's lazy chunk), gzipped;
// 6. types 25 keys at the end of the large dump and times them (typing must not stall);
// 7. "deep chain": opens a 10,000-deep jump chain (KUBE-SERVICES → C1 → … → C10000, ~330 kB) in a
//    fresh page, then sends a packet through it; reports time to analysed / verdict shown and the
//    longest main-thread task of each (the page must not freeze on it).
// `--profile` adds, per phase, the main thread's top functions by self time (CDP Profiler);
// `--only big|deep` runs one dump.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';
import { deepChainDump } from '../src/sim/deepChain.ts';
import { generateIptablesSave } from '../src/sim/generate.ts';
import { randomClusterSpec } from '../src/sim/randomSpec.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    services: { type: 'string' },
    seed: { type: 'string' },
    port: { type: 'string' },
    // Another build than dist/ (e.g. `npx vite build --outDir /tmp/x`), so that a rebuild of dist/
    // by someone else does not change what is measured.
    dist: { type: 'string' },
    depth: { type: 'string' },
    profile: { type: 'boolean' },
    only: { type: 'string' },
  },
});
const depth = Number(values.depth ?? 10000);
const runBig = values.only !== 'deep';
const runDeep = values.only !== 'big';
const dist = values.dist ?? join(root, 'dist');
const services = Number(values.services ?? 5000);
const seed = Number(values.seed ?? 1);
const port = Number(values.port ?? 4175);
const log = (line) => process.stdout.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** The JS and CSS index.html pulls in before any lazy import (Monaco is a lazy chunk). */
function initialAssets() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]);
  return refs
    .filter((r) => /\.(js|css)$/.test(r) && !/^[a-z]+:/.test(r))
    .map((r) => {
      const bytes = readFileSync(join(dist, r.replace(/^\.?\//, '')));
      return { file: r, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
}

async function waitForServer(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}

if (!existsSync(join(dist, 'index.html'))) {
  log(`bench-ui: ${dist} has no index.html — run "npx vite build" first (npm run bench:ui does).`);
  process.exit(1);
}

const tGen = performance.now();
const spec = randomClusterSpec({ services, seed });
const text = generateIptablesSave(spec, { flavour: 'iptables-save' });
const dumpFile = join(tmpdir(), `kpe-bench-ui-${services}-${seed}.iptables-save`);
writeFileSync(dumpFile, text);
const rules = (text.match(/^-A /gm) ?? []).length;
const target = spec.services.find((s) => s.clusterIP && s.clusterIP !== 'None' && s.ports.length > 0);
const nodeIp = spec.nodeIPs[0];

log(
  `kube-proxy explorer UI bench — Chromium, load average ${loadavg()[0].toFixed(1)} (figures are printed, never asserted)`,
);
log(
  `dump                      ${services} Services (seed ${seed}), ${(text.length / 1e6).toFixed(1)} MB, ${rules} rules, generated in ${seconds(performance.now() - tGen)}`,
);

const assets = initialAssets();
const js = assets.filter((a) => a.file.endsWith('.js'));
const jsGzip = js.reduce((n, a) => n + a.gzip, 0);
log(
  `initial JS (gzip)         ${kb(jsGzip)}   target ≤ 250 kB   [${js.map((a) => `${a.file} ${kb(a.gzip)}`).join(', ')}]`,
);
log(
  `initial CSS (gzip)        ${kb(assets.filter((a) => a.file.endsWith('.css')).reduce((n, a) => n + a.gzip, 0))}`,
);

const server = spawn(
  join(root, 'node_modules/.bin/vite'),
  ['preview', '--outDir', dist, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
  {
    cwd: root,
    stdio: 'ignore',
  },
);
const url = `http://127.0.0.1:${port}/`;
let browser = null;

/** A fresh page that records its long tasks (PerformanceObserver 'longtask') in `window.__longTasks`. */
async function openPage() {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  // Injected by the browser (not an inline script, so the page's CSP does not apply).
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  return page;
}

/** The page's clock, to bracket a phase for `longTasks`. */
const pageNow = (page) => page.evaluate(() => performance.now());

/** Long tasks (> 100 ms) that started between two page-clock instants. */
async function longTasks(page, t0, t1) {
  const long = (await page.evaluate(() => window.__longTasks)).filter(
    (t) => t.start >= t0 && t.start <= t1 && t.duration > 100,
  );
  return {
    count: long.length,
    longest: long.reduce((m, t) => Math.max(m, t.duration), 0),
    total: long.reduce((n, t) => n + t.duration, 0),
  };
}
const longWords = (l) =>
  `${l.count} long tasks > 100 ms (longest ${l.longest.toFixed(0)} ms, total ${l.total.toFixed(0)} ms)`;

/**
 * With --profile: samples the page's main thread (CDP Profiler; the worker is another target) and,
 * when `stop(phase)` is called, prints its top functions by self time, then each long task of the
 * phase with where it came from (outermost page frame) and what it spent its time in (self time).
 */
async function profiler(page) {
  if (!values.profile) return { stop: async () => {} };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  let pageStart = 0;
  // A 10 ms busy loop in a function of known name: its first sample ties the profile's clock to
  // the page's (where the long tasks are).
  const start = async () => {
    await cdp.send('Profiler.start');
    pageStart = await page.evaluate(() => {
      function kpeClockMark() {
        const t = performance.now();
        while (performance.now() - t < 10);
        return t;
      }
      return kpeClockMark();
    });
  };
  await start();
  const name = (f) =>
    `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  const top = (map, n) =>
    [...map]
      .filter(([k]) => !/^\((idle|program|root)\)/.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n);
  const list = (map, n) =>
    top(map, n)
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
      .join(' | ');
  const add = (map, k, ms) => map.set(k, (map.get(k) ?? 0) + ms);
  return {
    async stop(phase) {
      const { profile } = await cdp.send('Profiler.stop');
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      /** The outermost frame of a sample that belongs to the page's scripts. */
      const entry = (id) => {
        let found = null;
        for (let at = id; at !== undefined; at = parent.get(at)) {
          const f = byId.get(at).callFrame;
          if (f.url.includes('/assets/')) found = name(f);
        }
        return found ?? name(byId.get(id).callFrame);
      };
      const tasks = (await page.evaluate(() => window.__longTasks))
        .filter((t) => t.start >= pageStart && t.duration > 100)
        .map((t) => ({ ...t, self: new Map(), entry: new Map(), total: new Map() }));
      const self = new Map();
      const times = [];
      let at = profile.startTime;
      for (const d of profile.timeDeltas) {
        at += d;
        times.push(at);
      }
      const mark = profile.samples.findIndex((id) => byId.get(id).callFrame.functionName === 'kpeClockMark');
      const zero = mark >= 0 ? times[mark] : profile.startTime;
      profile.samples.forEach((id, i) => {
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        const k = name(byId.get(id).callFrame);
        add(self, k, ms);
        const t = pageStart + (times[i] - zero) / 1000;
        const task = tasks.find((x) => t >= x.start && t <= x.start + x.duration);
        if (task) {
          add(task.self, k, ms);
          add(task.entry, entry(id), ms);
          // Inclusive time: every page function on the stack, once per sample.
          const seen = new Set();
          for (let a = id; a !== undefined; a = parent.get(a)) {
            const f = byId.get(a).callFrame;
            if (f.url.includes('/assets/')) seen.add(name(f));
          }
          for (const k of seen) add(task.total, k, ms);
        }
      });
      log(`  profile: ${phase} — main thread, top self time`);
      for (const [k, ms] of top(self, 10)) log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
      for (const t of tasks) {
        log(`    long task at ${(t.start - pageStart).toFixed(0)} ms, ${t.duration.toFixed(0)} ms:`);
        log(
          `      from  ${top(t.entry, 4)
            .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
            .join(' | ')}`,
        );
        log(`      total ${list(t.total, 14)}`);
        // Components and hooks (capitalised or use*), where React's own frames hide the cause.
        const mine = new Map([...t.total].filter(([k]) => /^(use[A-Z]|[A-Z])/.test(k)));
        log(`      parts ${list(mine, 10)}`);
        log(
          `      self  ${top(t.self, 6)
            .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
            .join(' | ')}`,
        );
      }
      await start();
    },
  };
}

/** Fills the packet form (pod origin) and presses Send packet. */
async function sendPacket(page, { dst, port, protocol }) {
  await page.getByLabel('Origin', { exact: true }).selectOption('pod');
  await page.getByLabel('Source IP', { exact: true }).fill('10.244.36.7');
  await page.getByLabel('Destination IP', { exact: true }).fill(dst);
  await page.getByLabel('Destination port', { exact: true }).fill(String(port));
  await page.getByLabel('Protocol', { exact: true }).selectOption(protocol);
  await page.getByLabel('Node IP', { exact: true }).fill(nodeIp);
  const tClick = performance.now();
  await page.getByRole('button', { name: 'Send packet' }).click();
  return tClick;
}

const statusOf = (page) =>
  page.getByRole('status').filter({ hasText: /Parsed|Analysing|Analysis failed|No input/ });

/** Waits until the status line says the current text is analysed with at least `rules` rules. */
async function waitAnalysed(page, rules) {
  await page.waitForFunction(
    (n) => {
      const s = [...document.querySelectorAll('[role="status"][data-up-to-date="true"]')].find((e) =>
        /Parsed/.test(e.textContent ?? ''),
      );
      return (
        s && Number((s.textContent ?? '').match(/Parsed ([\d,]+) rules/)?.[1]?.replace(/,/g, '') ?? 0) >= n
      );
    },
    rules,
    { timeout: 300_000, polling: 100 },
  );
}

async function firstVisit(page) {
  const tLoad = performance.now();
  await page.goto(url);
  await statusOf(page).and(page.locator('[data-up-to-date="true"]')).waitFor({ timeout: 60_000 });
  return performance.now() - tLoad;
}

async function benchBig() {
  const page = await openPage();
  const status = statusOf(page);
  log(
    `first visit → example     ${seconds(await firstVisit(page))}   (editors lazy-loaded, example analysed)`,
  );
  const prof = await profiler(page);
  const t0 = await pageNow(page);
  const tOpen = performance.now();
  await page.getByLabel('Open iptables-save file').setInputFiles(dumpFile);
  await waitAnalysed(page, Math.floor(rules * 0.9));
  const tParsed = performance.now();
  // The graph of the new dump, and the Service finder's count of the dump's Service ports.
  await page.waitForFunction(
    (n) => {
      const m = (document.querySelector('.finder-count')?.textContent ?? '').match(/([\d,]+) Service ports/);
      return m && Number(m[1].replace(/,/g, '')) >= n && document.querySelector('.react-flow__node');
    },
    services,
    { timeout: 120_000, polling: 100 },
  );
  const tGraph = performance.now();
  const t1 = await pageNow(page);
  log(`open file → analysed      ${seconds(tParsed - tOpen)}   (${(await status.textContent())?.trim()})`);
  log(
    `open file → graph shown   ${seconds(tGraph - tOpen)}   (${await page.locator('.react-flow__node').count()} nodes drawn; ${(await page.locator('.finder-count').textContent()) ?? ''})`,
  );
  const long = await longTasks(page, t0, t1);
  log(
    `long tasks > 100 ms       ${long.count} while opening (longest ${long.longest.toFixed(0)} ms, total ${long.total.toFixed(0)} ms)`,
  );
  await prof.stop('open file → graph shown');

  if (target) {
    const port0 = target.ports[0];
    const s0 = await pageNow(page);
    const tSend = await sendPacket(page, {
      dst: target.clusterIP,
      port: port0.port,
      protocol: port0.protocol.toLowerCase(),
    });
    await page
      .getByRole('list', { name: 'Packet path' })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 60_000 });
    const tPath = performance.now();
    const steps = await page.getByRole('list', { name: 'Packet path' }).getByRole('listitem').count();
    await page
      .locator('.react-flow__node .packet-dot, .react-flow__edge .packet-marker')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => {});
    const tOnGraph = performance.now();
    const s1 = await pageNow(page);
    log(
      `send packet → path listed ${seconds(tPath - tSend)}   (${target.namespace}/${target.name} ${target.clusterIP}:${port0.port}, ${steps} steps)`,
    );
    log(
      `send packet → on graph    ${seconds(tOnGraph - tSend)}   (focus view redrawn with the path's Service; ${longWords(await longTasks(page, s0, s1))})`,
    );
    log(
      `explorable                ${seconds(tOnGraph - tOpen)}   from opening the file to a traced packet on the graph`,
    );
    await prof.stop('send packet → on graph');
  }
  // Typing at the end of the large dump: 25 keys, 60 ms apart (a brisk typist); the page must keep up.
  const input = page.getByRole('textbox', { name: 'iptables-save input' });
  await input.focus();
  await page.keyboard.press('ControlOrMeta+End');
  const k0 = await pageNow(page);
  const tType = performance.now();
  await page.keyboard.type('# a comment typed by hand', { delay: 60 });
  const typedMs = performance.now() - tType;
  const k1 = await pageNow(page);
  const typingLong = await longTasks(page, k0, k1);
  log(
    `typing 25 keys            ${seconds(typedMs)}   (60 ms apart: 1.50 s at best; ${typingLong.count} long tasks > 100 ms, longest ${typingLong.longest.toFixed(0)} ms)`,
  );
  await page.close();
}

/**
 * The deep chain: KUBE-SERVICES → C1 → … → C<depth>, each one `-j` to the next. The worker
 * analyses it in about a second; what is measured is whether the page keeps answering.
 */
async function benchDeep() {
  const deep = deepChainDump(depth);
  const file = join(tmpdir(), `kpe-bench-ui-deep-${depth}.iptables-save`);
  writeFileSync(file, deep.text);
  log(
    `deep chain                ${depth} chains, one -j each, ${kb(deep.text.length)} (KUBE-SERVICES → C1 → … → C${depth})`,
  );
  const page = await openPage();
  await firstVisit(page);
  const prof = await profiler(page);
  const t0 = await pageNow(page);
  const tOpen = performance.now();
  await page.getByLabel('Open iptables-save file').setInputFiles(file);
  await waitAnalysed(page, depth);
  await page.locator('.react-flow__node').first().waitFor({ timeout: 300_000 });
  const tShown = performance.now();
  const t1 = await pageNow(page);
  log(
    `  open → analysed, drawn  ${seconds(tShown - tOpen)}   (${(await statusOf(page).textContent())?.trim()}; ${await page.locator('.react-flow__node').count()} nodes drawn; ${longWords(await longTasks(page, t0, t1))})`,
  );
  await prof.stop('deep chain: open → drawn');
  const s0 = await pageNow(page);
  const tSend = await sendPacket(page, { dst: deep.clusterIP, port: deep.port, protocol: 'tcp' });
  await page.getByRole('status', { name: 'Verdict' }).waitFor({ timeout: 300_000 });
  const tVerdict = performance.now();
  await page
    .getByRole('list', { name: 'Packet path' })
    .getByRole('listitem')
    .first()
    .waitFor({ timeout: 300_000 });
  const tPath = performance.now();
  // Let the graph draw the path too, then measure how long a click takes to be answered.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const s1 = await pageNow(page);
  const steps = await page.getByRole('list', { name: 'Packet path' }).getByRole('listitem').count();
  const verdict = (
    await page.getByRole('status', { name: 'Verdict' }).locator('strong').textContent()
  )?.trim();
  log(
    `  send → verdict shown    ${seconds(tVerdict - tSend)}   ("${verdict}"; path listed ${seconds(tPath - tSend)}, ${steps} steps drawn; ${longWords(await longTasks(page, s0, s1))})`,
  );
  await prof.stop('deep chain: send → verdict');
  // Playback walks the 1,000-step path: each step redraws the path list, the graph, the editor line.
  const p0 = await pageNow(page);
  const tPlay = performance.now();
  await page.waitForTimeout(3000);
  const p1 = await pageNow(page);
  const position = (await page.locator('.playback-position').textContent())?.trim();
  log(
    `  playing for 3 s          ${seconds(performance.now() - tPlay)} of wall time   (at "${position}"; ${longWords(await longTasks(page, p0, p1))})`,
  );
  await prof.stop('deep chain: playback');
  const c0 = performance.now();
  await page.getByRole('button', { name: 'Send packet' }).click();
  await page.getByRole('status', { name: 'Verdict' }).waitFor();
  log(`  click after the trace   ${seconds(performance.now() - c0)}   (Send packet again, verdict back)`);
  await page.close();
}

try {
  await waitForServer(url, 30_000);
  browser = await chromium.launch(CHROMIUM_LAUNCH);
  if (runBig) await benchBig();
  if (runDeep) await benchDeep();
} catch (e) {
  log(`bench-ui: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  server.kill();
}
