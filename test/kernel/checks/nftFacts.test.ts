import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NFT_ERAS } from '../../../src/sim/nftEra';
import { generateNftables } from '../../../src/sim/nftGenerate';
import { nsRun, run, runOk } from '../harness/exec';
import { describeKernel } from '../harness/gate';
import { LineMonitor } from '../harness/monitors';
import { addNftTraceTable, loadNftRuleset } from '../harness/nftLoad';
import { type NftTraceEvent, NftTraceLog } from '../harness/nftTrace';
import { NS_PREFIX } from '../harness/topology';
import { nftConformanceSpec } from '../scenarios/nftConformance';

/**
 * The kernel facts the nftables checks rely on, certified here with nft's own trace and the
 * harness's parser (nftTrace.ts) on real output: a vmap lookup that misses prints no rule line; a
 * `numgen … vmap` rule prints only the goto it took (not the number drawn); a `dnat … numgen … map`
 * rule prints `(verdict accept)` and nothing of the address (DNAT is read from conntrack); `reject`
 * prints `(verdict drop)`. And what `nft list ruleset` prints of each generated era loads again and
 * lists the same (the listing reloads verbatim).
 */
const FACTS = `add table ip facts
add chain ip facts out { type nat hook output priority -100 ; }
add chain ip facts filt { type filter hook output priority 0 ; }
add map ip facts m { type ipv4_addr . inet_proto . inet_service : verdict ; }
add chain ip facts ep0
add chain ip facts ep1
add rule ip facts out ip daddr . meta l4proto . th dport vmap @m
add rule ip facts out ip daddr 127.0.0.2 numgen random mod 2 vmap { 0 : goto ep0 , 1 : goto ep1 }
add rule ip facts ep0 meta l4proto udp dnat to 127.0.0.1:5353
add rule ip facts ep1 meta l4proto udp dnat to 127.0.0.1:5353
add rule ip facts out ip daddr 127.0.0.3 meta l4proto udp dnat ip to numgen random mod 2 map { 0 : 127.0.0.1 . 5353 , 1 : 127.0.0.1 . 5353 }
add rule ip facts filt ip daddr 127.0.0.4 reject
`;

/** One datagram per destination, each from its own traced source port (40001, 40002, …). */
const SEND = `const d = require('node:dgram');
let port = 40001;
for (const a of process.argv.slice(1)) {
  const s = d.createSocket('udp4');
  s.bind(port++, '127.0.0.1', () => s.send('x', 53, a, () => s.close()));
}`;

const rulesOf = (events: readonly NftTraceEvent[], table = 'ip facts') =>
  events
    .filter((e) => e.table === table && e.type === 'rule')
    .map((e) => `${e.chain}: ${e.text} → ${e.verdict}`);

describeKernel('kernel: the nftables trace facts the nftables checks rely on', () => {
  const ns = `${NS_PREFIX}${process.pid}-nftfacts${randomBytes(2).toString('hex')}`;
  const log = new NftTraceLog();
  let monitor: LineMonitor | undefined;

  beforeAll(async () => {
    await runOk('ip', ['netns', 'add', ns]);
    await runOk('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
    await addNftTraceTable(ns, 'ip', '40000-49999');
    await loadNftRuleset(ns, FACTS);
    monitor = new LineMonitor('nft monitor trace', ns, ['nft', '-a', 'monitor', 'trace'], (l) => log.push(l));
    // Resend until the monitor shows the last one: it subscribes some time after it starts.
    const dsts = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
    for (let i = 0; i < 20 && !log.find('127.0.0.1', 40003, '127.0.0.4', 53); i++) {
      await nsRun(ns, process.execPath, ['-e', SEND, ...dsts]);
      await monitor
        .waitFor(() => log.find('127.0.0.1', 40003, '127.0.0.4', 53) !== undefined, 500, 'trace')
        .catch(() => undefined);
    }
  }, 60_000);

  afterAll(async () => {
    monitor?.stop();
    await run('ip', ['netns', 'del', ns]);
  });

  const packet = (dst: string, sport: number) => {
    const p = log.find('127.0.0.1', sport, dst, 53);
    expect(p, `no trace of 127.0.0.1:${sport} → ${dst}:53`).toBeDefined();
    return p!.events;
  };

  it('a vmap miss prints nothing; numgen … vmap prints only the goto it took', () => {
    const rules = rulesOf(packet('127.0.0.2', 40001));
    expect(rules).toHaveLength(2);
    expect(rules[0]).toMatch(/^out: ip daddr 127\.0\.0\.2 numgen random mod 2 vmap \{ .* \} → goto$/);
    const target = packet('127.0.0.2', 40001).find((e) => e.chain === 'out' && e.type === 'rule')!.target;
    expect(rules[1]).toBe(`${target}: meta l4proto udp dnat to 127.0.0.1:5353 → accept`);
  });

  it('dnat … to numgen … map prints the rule with verdict accept', () => {
    expect(rulesOf(packet('127.0.0.3', 40002))).toEqual([
      'out: ip daddr 127.0.0.3 meta l4proto udp dnat ip to numgen random mod 2 map { 0 : 127.0.0.1 . 5353, 1 : 127.0.0.1 . 5353 } → accept',
    ]);
  });

  it('reject prints (verdict drop); the nat chain it passed first ends in its policy', () => {
    const events = packet('127.0.0.4', 40003);
    expect(rulesOf(events)).toEqual(['filt: ip daddr 127.0.0.4 reject → drop']);
    expect(events.filter((e) => e.chain === 'out').map((e) => `${e.type} ${e.verdict}`)).toEqual([
      'policy accept',
    ]);
  });

  for (const era of NFT_ERAS) {
    it(`the listing of the generated ${era} ruleset reloads verbatim`, async () => {
      await nsRun(ns, 'nft', ['flush', 'ruleset']);
      await loadNftRuleset(ns, generateNftables(nftConformanceSpec(), { era }));
      const listing = await nsRun(ns, 'nft', ['list', 'ruleset']);
      await nsRun(ns, 'nft', ['flush', 'ruleset']);
      await loadNftRuleset(ns, listing);
      expect(await nsRun(ns, 'nft', ['list', 'ruleset'])).toBe(listing);
    });
  }
});
