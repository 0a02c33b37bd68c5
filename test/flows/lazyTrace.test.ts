import { describe, expect, it } from 'vitest';
import { analyzeTexts, traceTexts } from '../../src/core/analyze';
import { analyzeKubeProxy } from '../../src/core/kubeproxy';
import { openLazyRuleset, textKey } from '../../src/core/lazy';
import type { Ruleset } from '../../src/core/ruleset';
import type { Diagnostic } from '../../src/core/text';
import { type CRule, indexKey, type Packet, simulate, type TraceEnv, trace } from '../../src/core/trace';
import { generateIptablesSave } from '../../src/sim/generate';
import { randomClusterSpec } from '../../src/sim/randomSpec';
import { iptablesFixtures, readFixture } from '../fixtures';
import { GENERATED_SPECS } from './generatedSpecs';
import { TEST_NODE } from './packetFlow';

/**
 * The lazy reader (core/lazy) against the full pipeline: for every fixture dump and generated
 * cluster, every packet aimed at a Service address the kube-proxy model finds (plus node ports on
 * the node's IPs and an address no rule names), from a pod, the host and outside, the first trace
 * (`traceTexts`, reading only what it needs) equals `trace` over the fully lowered Ruleset —
 * outcomes, paths, assumptions and diagnostics. Then every chain read whole equals the full
 * Ruleset's, with the full parse's diagnostics for its lines, and every index key read from the
 * text equals the tracer's `indexKey` of the lowered rule.
 */

const env: TraceEnv = { localAddresses: TEST_NODE.nodeIPs };
/** Codes only a whole-document check gives (the lazy reader leaves them to the full analysis). */
const DOCUMENT_CODES = new Set([
  'iptables/undeclared-jump-target',
  'iptables/jump-loop',
  'iptables/nesting-too-deep',
]);

function packetsFor(ruleset: Ruleset): Packet[] {
  const model = analyzeKubeProxy(ruleset).result;
  const targets: { dst: string; port: number; proto: string }[] = [];
  for (const sp of model.servicePorts) {
    const proto = sp.protocol ?? 'tcp';
    const port = sp.port ?? 80;
    for (const ip of [...sp.clusterIPs, ...sp.externalIPs, ...sp.loadBalancerIPs])
      targets.push({ dst: ip, port, proto });
    for (const np of sp.nodePorts) targets.push({ dst: TEST_NODE.nodeIPs[0] as string, port: np, proto });
    for (const e of sp.entries)
      if (e.ip !== null && e.port !== null)
        targets.push({ dst: e.ip, port: e.port, proto: e.protocol ?? proto });
  }
  targets.push({ dst: '203.0.113.77', port: 443, proto: 'tcp' });
  const v6 = ruleset.family === 'ipv6';
  const seen = new Set<string>();
  const out: Packet[] = [];
  for (const t of targets.slice(0, 60)) {
    if (t.dst.includes(':') !== v6 || !['tcp', 'udp', 'sctp'].includes(t.proto)) continue;
    for (const origin of ['pod', 'host', 'external'] as const) {
      const key = `${origin}|${t.dst}|${t.port}|${t.proto}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const src = v6
        ? origin === 'host'
          ? '2001:db8::1'
          : '2001:db8:9::5'
        : origin === 'pod'
          ? '10.0.0.2'
          : origin === 'host'
            ? '192.168.0.2'
            : '198.51.100.9';
      out.push({ origin, src, dst: t.dst, proto: t.proto as Packet['proto'], sport: 40000, dport: t.port });
    }
  }
  return out;
}

const spanKey = (d: Diagnostic) => `${d.span.start}|${d.span.end}|${d.code}|${d.message}`;

function checkText(name: string, text: string, expectLazy: boolean): void {
  describe(name, () => {
    const full = analyzeTexts({ iptables: text, until: 'ruleset' });
    const packets = packetsFor(full.ruleset);

    it('traces every packet as the full pipeline does (a fresh read per packet)', () => {
      expect(packets.length).toBeGreaterThan(0);
      for (const p of packets) {
        const first = traceTexts({ iptables: text, packet: p, env });
        if (expectLazy) expect(first.fullReason).toBeNull();
        // On a cluster of 150 Services a first trace reads a small part of the rules.
        if (name.startsWith('random')) expect(first.read.rules).toBeLessThan(first.read.of / 3);
        expect(first.trace, `${p.origin} → ${p.dst}:${p.dport}/${p.proto}`).toEqual(
          trace(full.ruleset, p, env),
        );
      }
    });

    const opened = openLazyRuleset(text);
    if (!('ruleset' in opened)) {
      it('is left to the full pipeline', () => expect(expectLazy, opened.reason).toBe(false));
      return;
    }
    const { ruleset, store } = opened;

    it('traces every packet as the full pipeline does (one read for all packets), and simulates alike', () => {
      for (const p of packets) expect(trace(ruleset, p, env)).toEqual(trace(full.ruleset, p, env));
      const p = packets[0] as Packet;
      const options = { connections: 50, seed: 7 };
      expect(simulate(ruleset, p, env, options)).toEqual(simulate(full.ruleset, p, env, options));
      expect(store.mismatch).toBeNull();
    });

    it('reads every chain as the full pipeline does, with the full parse’s diagnostics for its lines', () => {
      const { scan } = store;
      const parsed = full.diagnostics.iptables.filter((d) => !DOCUMENT_CODES.has(d.code));
      expect(ruleset.family).toBe(full.ruleset.family);
      expect(ruleset.ruleCount).toBe(full.ruleset.ruleCount);
      for (const t of scan.tables) {
        const fullTable = full.ruleset.tables[t.name];
        // Chains only jumped to (origin 'referenced') need every rule read: the lazy Ruleset has none.
        const named = fullTable?.order.filter((n) => fullTable.chains[n]?.origin !== 'referenced');
        expect(ruleset.tables[t.name]?.order).toEqual(named);
        for (const c of t.chains) {
          const chainName = scan.names.name(c);
          const got = store.chain(c);
          const lazyChain = ruleset.tables[t.name]?.chains[chainName];
          expect({ ...lazyChain, rules: [...(lazyChain?.rules ?? [])] }).toEqual(
            fullTable?.chains[chainName],
          );
          // The chain's lines: its declaration and its rules (the full Ruleset's spans).
          const lines: [number, number][] = [[scan.declStart[c] as number, scan.declEnd[c] as number]];
          for (const r of fullTable?.chains[chainName]?.rules ?? []) lines.push([r.span.start, r.span.end]);
          const inChain = parsed.filter((d) =>
            lines.some(([s, e]) => d.span.start >= s && d.span.start <= e),
          );
          expect(got.diagnostics.map(spanKey).sort(), `${t.name}/${chainName}`).toEqual(
            inChain.map(spanKey).sort(),
          );
          // Index keys read from the text are the tracer's (a wrong key would change traces).
          const where = store.lines(c);
          for (let j = 0; j < (scan.count[c] as number); j++) {
            const key = textKey(
              text,
              where.starts[j] as number,
              where.ends[j] as number,
              chainName,
              scan.family,
            );
            if (key !== null) expect(key).toEqual(indexKey({ rule: got.rules[j] } as CRule));
          }
        }
      }
    });
  });
}

describe('lazy first trace = full pipeline trace', () => {
  for (const f of iptablesFixtures()) checkText(f, readFixture(`iptables/${f}`), false);
  for (const [name, spec] of Object.entries(GENERATED_SPECS))
    for (const flavour of ['restore-input', 'iptables-save'] as const)
      checkText(`${name} (${flavour})`, generateIptablesSave(spec, { flavour }), true);
  for (const seed of [1, 2])
    for (const flavour of ['restore-input', 'iptables-save'] as const)
      checkText(
        `random 150 Services, seed ${seed} (${flavour})`,
        generateIptablesSave(randomClusterSpec({ services: 150, seed }), { flavour }),
        true,
      );
});
