import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { deepChainDump } from '../src/core/gen/deepChain.ts';
const d = deepChainDump(10000);
writeFileSync('/tmp/perf/deep.txt', d.text);
const server = spawn('/work/wt/perf/node_modules/.bin/vite', ['preview', '--outDir', '/work/wt/perf/dist', '--host', '127.0.0.1', '--port', '4185', '--strictPort'], { cwd: '/work/wt/perf', stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 3000));
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
const page = await b.newPage({ viewport: { width: 1600, height: 1000 } });
await page.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); });
await page.goto('http://127.0.0.1:4185/');
await page.getByRole('status').filter({ hasText: /Parsed/ }).waitFor({ timeout: 60000 });
await page.getByLabel('Open iptables-save file').setInputFiles('/tmp/perf/deep.txt');
await page.getByText(/Parsed 10,003 rules/).waitFor({ timeout: 60000 });
await page.getByLabel('Destination IP', { exact: true }).fill(d.clusterIP);
await page.getByLabel('Destination port', { exact: true }).fill('80');
const t0 = await page.evaluate(() => performance.now());
await page.getByRole('button', { name: 'Send packet' }).click();
await page.getByRole('status', { name: 'Verdict' }).waitFor();
const btn = page.getByRole('button', { name: 'Pause' });
await btn.waitFor();
console.log(await page.evaluate(() => new Promise((resolve) => {
  const b = [...document.querySelectorAll('button')].find((x) => /Pause/.test(x.textContent));
  const out = []; let n = 0; const t0 = performance.now();
  const f = () => { const r = b.getBoundingClientRect(); out.push(`${Math.round(performance.now() - t0)}:${r.x.toFixed(1)},${r.y.toFixed(1)},${r.width.toFixed(1)},${document.scrollingElement.scrollTop}`); if (++n < 12) requestAnimationFrame(f); else resolve(out.join(' ')); };
  requestAnimationFrame(f);
})));
const t1 = Date.now();
await btn.click({ timeout: 20000 }).then(() => console.log('clicked in', Date.now() - t1), (e) => console.log('click failed', e.message.split('\n').slice(0, 8).join(' | ')));
await page.screenshot({ path: '/tmp/perf/deep.png' });
} finally { await b.close(); server.kill(); }
