import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateIptablesSave } from '../sim/generate';
import { randomClusterSpec } from '../sim/randomSpec';
import { SECTIONS } from './bench/sections';
import { type BenchContext, fmtMs } from './bench/types';

// `npm run bench [-- --services N --seed S --runs R]`: one large generated cluster, then every
// section of bench/sections.ts. Re-executes itself under `node --expose-gc --import tsx` so the
// retained-heap figure can force collections.

const gc = (globalThis as { gc?: () => void }).gc ?? null;
if (gc === null && process.env.KPE_BENCH_CHILD !== '1') {
  const script = fileURLToPath(import.meta.url);
  const res = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', script, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, KPE_BENCH_CHILD: '1' },
    },
  );
  process.exit(res.status ?? 1);
}

const { values } = parseArgs({
  options: { services: { type: 'string' }, seed: { type: 'string' }, runs: { type: 'string' } },
});
const services = Number(values.services ?? 10000);
const seed = Number(values.seed ?? 1);
const runs = Math.max(1, Number(values.runs ?? 3));

const genStart = performance.now();
const spec = randomClusterSpec({ services, seed });
const text = generateIptablesSave(spec, { flavour: 'iptables-save' });
const genMs = performance.now() - genStart;
const file = join(tmpdir(), `kube-proxy-explorer-bench-${services}-${seed}.txt`);
writeFileSync(file, text);
const ruleCount = (text.match(/^-A /gm) ?? []).length;
const megabytes = Buffer.byteLength(text) / 1e6;

const log = (line: string) => process.stdout.write(`${line}\n`);
log(`kube-proxy explorer bench — node ${process.version}, medians of ${runs} run(s)`);
log(
  `cluster               ${services} Services (seed ${seed}), ${megabytes.toFixed(1)} MB, ${ruleCount} rules`,
);
log(`generate              ${fmtMs(genMs)}   (${file})`);
const ctx: BenchContext = { text, file, megabytes, ruleCount, runs, gc, log };
for (const section of SECTIONS) {
  log(`-- ${section.name}`);
  await section.run(ctx);
}
