import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { loadRuleset } from '../testing/load';
import { type Packet, trace } from '../trace';
import { describePathAuthors } from './pathAuthors';
import { describePath } from './steps';

const env = { localAddresses: ['10.0.0.10'] };
const pod = (dst: string, dport: number, extra: Partial<Packet> = {}): Packet => ({
  origin: 'pod',
  src: '10.32.0.5',
  dst,
  proto: 'tcp',
  sport: null,
  dport,
  ...extra,
});

/** The real 2018 kubeadm dump with the REJECTs of a real RHEL iptables-services dump spliced in last. */
function withDistributionReject(): string {
  const dump = readFixture('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt').split('\n');
  const rhel = readFixture('iptables/real-2018-rhel-iptables-services-default-reject.txt').split('\n');
  const rejects = rhel.filter((l) => l.includes('--reject-with icmp-host-prohibited'));
  const commit = dump.lastIndexOf('COMMIT');
  return [...dump.slice(0, commit), ...rejects, ...dump.slice(commit)].join('\n');
}

describe('describePathAuthors: who acts on the packet besides kube-proxy', () => {
  it('a Cilium kube-proxy-replacement node: the trace says eBPF is not traced, first, and who accepted', () => {
    const ruleset = loadRuleset(readFixture('iptables/excerpt-2024-cilium-kpr-filter.txt'));
    const packet = pod('10.96.0.10', 53, { proto: 'udp', inIface: 'lxc8f3a2b' });
    const o = trace(ruleset, packet, env).outcomes[0]!;
    expect(o).toMatchObject({ verdict: 'ACCEPT', dnat: null, delivery: 'forward' });
    expect(o.assumptions[0]?.code).toBe('trace/kube-proxy-replaced');
    expect(o.assumptions[0]?.message).toMatch(/^kube-proxy replacement: eBPF is not traced here\./);
    expect(describePathAuthors(ruleset, o).map((n) => n.text)).toEqual([
      "Cilium's rules act on this packet (CILIUM_FORWARD in filter); no kube-proxy rule does.",
      "Cilium's ACCEPT in filter CILIUM_FORWARD ends filter FORWARD for this packet: the rules after it there are not evaluated.",
    ]);
    expect(describePath(ruleset, packet, o).map((s) => s.author)).toEqual(['cilium', 'cilium']);
  });

  it('Calico’s cali-FORWARD runs before kube-proxy’s chains in filter FORWARD (real counters)', () => {
    const ruleset = loadRuleset(readFixture('iptables/excerpt-2019-calico-forward-before-kube-services.txt'));
    const o = trace(ruleset, pod('10.97.221.209', 80), env).outcomes[0]!;
    expect(describePathAuthors(ruleset, o)[0]?.text).toBe(
      "Calico's cali-FORWARD in filter runs before kube-proxy's filter KUBE-FORWARD.",
    );
    // Calico's policy chains set 0x10000 when a policy accepts: then Calico's ACCEPT decides and
    // kube-proxy's KUBE-SERVICES (its no-endpoints REJECT) is never reached (kubernetes#78994).
    const accepted = trace(ruleset, pod('10.97.221.209', 80, { mark: 0x10000 }), env).outcomes[0]!;
    expect(accepted.path.map((s) => s.chain)).not.toContain('KUBE-SERVICES');
    const notes = describePathAuthors(ruleset, accepted);
    expect(notes.map((n) => n.kind)).toEqual(['without-kube-proxy', 'decides']);
    expect(notes[1]).toMatchObject({ author: 'calico', line: 4 });
    expect(notes[1]?.text).toContain("Calico's ACCEPT in filter cali-FORWARD ends filter FORWARD");
  });

  it('the distribution’s REJECT at the end of filter FORWARD rejects a forwarded packet', () => {
    const ruleset = loadRuleset(withDistributionReject());
    const o = trace(ruleset, pod('10.40.0.3', 80), env).outcomes[0]!;
    expect(o.verdict).toBe('REJECT');
    expect(describePathAuthors(ruleset, o).map((n) => n.text)).toEqual([
      "Distribution firewall's REJECT in filter FORWARD rejects this packet in FORWARD.",
    ]);
    expect(describePath(ruleset, pod('10.40.0.3', 80), o).map((s) => s.author)).toContain('docker');
  });

  it('speaks 简体中文', () => {
    const ruleset = loadRuleset(withDistributionReject());
    const o = trace(ruleset, pod('10.40.0.3', 80), env).outcomes[0]!;
    expect(describePathAuthors(ruleset, o, 'zh-CN')[0]?.text).toBe(
      '发行版默认防火墙 在 filter 表 FORWARD 中的 REJECT 在 FORWARD 拒绝了这个数据包。',
    );
  });
});
