import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { kubeSetInfo } from './kubeSets';
import { parseSetFlags, type SetPacket, testSet } from './match';
import { parseIpset } from './parseIpset';

const minikube = () => parseIpset(readFixture('ipset/real-minikube-notes.ipset-list.txt')).result;
const named = (name: string) => minikube().sets.find((s) => s.name === name)!;

const pod: SetPacket = {
  family: 'ipv4',
  src: '10.244.0.5',
  dst: '10.96.0.10',
  protocol: 'udp',
  sport: 40000,
  dport: 53,
};

describe('testSet with kube-proxy sets from a real node (minikube)', () => {
  it('KUBE-CLUSTER-IP dst,dst: a pod to the DNS ClusterIP matches, on protocol and port', () => {
    const cip = named('KUBE-CLUSTER-IP');
    const flags = kubeSetInfo('KUBE-CLUSTER-IP')!.rule!.flags;
    expect(testSet(cip, flags, pod)).toMatchObject({ matched: true, member: { text: '10.96.0.10,udp:53' } });
    expect(testSet(cip, flags, { ...pod, dport: 54 }).matched).toBe(false);
    expect(testSet(cip, flags, { ...pod, protocol: 'sctp' }).matched).toBe(false);
    expect(testSet(cip, flags, { ...pod, protocol: 'tcp', dport: 9153 }).matched).toBe(true);
  });

  it('one flag on a two-dimension set never matches (kubernetes#54203: `dst` matched nothing)', () => {
    const r = testSet(named('KUBE-CLUSTER-IP'), ['dst'], pod);
    expect(r.matched).toBe(false);
    expect(r.reason).toContain('never matches');
  });

  it('KUBE-LOOP-BACK dst,dst,src: only a pod reaching itself through its Service (hairpin)', () => {
    const loop = named('KUBE-LOOP-BACK');
    const flags = kubeSetInfo('KUBE-LOOP-BACK')!.rule!.flags;
    expect(flags).toEqual(['dst', 'dst', 'src']);
    // After IPVS DNAT the packet is pod 10.244.0.25 → 10.244.0.25:8000.
    const hairpin: SetPacket = {
      family: 'ipv4',
      src: '10.244.0.25',
      dst: '10.244.0.25',
      protocol: 'tcp',
      sport: 5555,
      dport: 8000,
    };
    expect(testSet(loop, flags, hairpin).matched).toBe(true);
    expect(testSet(loop, flags, { ...hairpin, src: '10.244.0.24' }).matched).toBe(false);
  });

  it('KUBE-IPVS-IPS dst: every kube-ipvs0 address', () => {
    const ips = named('KUBE-IPVS-IPS');
    expect(testSet(ips, ['dst'], { ...pod, dst: '10.100.108.207' }).matched).toBe(true);
    expect(testSet(ips, ['dst'], { ...pod, dst: '10.100.108.208' }).matched).toBe(false);
  });

  it('an IPv4 packet never matches a family inet6 set', () => {
    const r = testSet(named('KUBE-6-CLUSTER-IP'), ['dst', 'dst'], pod);
    expect(r).toMatchObject({ matched: false });
    expect(r.reason).toContain('inet6');
  });
});

describe('testSet with the sets made on this machine', () => {
  const sets = parseIpset(readFixture('ipset/generated-kube-types.ipset-list.txt')).result.sets;
  const by = (suffix: string) => sets.find((s) => s.name.endsWith(suffix))!;

  it('bitmap:port matches TCP and UDP by port, and never SCTP or ICMP', () => {
    const np = by('-NODE-PORT-TCP');
    const to = (protocol: string, dport: number) =>
      testSet(np, ['dst'], { family: 'ipv4', src: '1.1.1.1', dst: '10.0.0.1', protocol, sport: 1, dport });
    expect(to('tcp', 30080).matched).toBe(true);
    expect(to('udp', 31001).matched).toBe(true); // bitmap:port stores no protocol
    expect(to('tcp', 30081).matched).toBe(false);
    expect(to('sctp', 30080).matched).toBe(false);
    expect(to('icmp', 30080).matched).toBe(false);
  });

  it('hash:ip,port,net: the source must be inside the CIDR; a timeout is reported', () => {
    const cidr = by('-LB-SRC-CIDR');
    const p: SetPacket = {
      family: 'ipv4',
      src: '10.244.7.9',
      dst: '203.0.113.10',
      protocol: 'tcp',
      sport: 1234,
      dport: 80,
    };
    const r = testSet(cidr, ['dst', 'dst', 'src'], p);
    expect(r).toMatchObject({ matched: true, member: { text: '203.0.113.10,tcp:80,10.244.0.0/16' } });
    expect(r.reason).toContain('expires in 119 s');
    expect(testSet(cidr, ['dst', 'dst', 'src'], { ...p, src: '10.245.0.1' }).matched).toBe(false);
  });

  it('hash:net: the most specific member decides and nomatch is a failure', () => {
    const net = by('-NET');
    const p = (src: string): SetPacket => ({
      family: 'ipv4',
      src,
      dst: '1.1.1.1',
      protocol: 'tcp',
      sport: 1,
      dport: 2,
    });
    expect(testSet(net, ['src'], p('10.244.3.3')).matched).toBe(true);
    expect(testSet(net, ['src'], p('192.168.0.7'))).toMatchObject({
      matched: false,
      member: { nomatch: true },
    });
  });

  it('IPv6 hash:ip,port matches compressed and expanded addresses alike', () => {
    const v6 = by('-6-CLUSTER-IP');
    const p: SetPacket = {
      family: 'ipv6',
      src: 'fd00:10::5',
      dst: 'fd00:0:0:0:0:0:0:a',
      protocol: 'tcp',
      sport: 9,
      dport: 53,
    };
    expect(testSet(v6, ['dst', 'dst'], p).matched).toBe(true);
  });

  it('says "unknown" rather than guessing when the members were not pasted', () => {
    const bare = parseIpset('create x hash:ip family inet\n').result.sets[0]!;
    const listed = { ...bare, members: null };
    expect(testSet(listed, ['dst'], pod).matched).toBeNull();
  });
});

describe('parseSetFlags and kubeSetInfo', () => {
  it('reads src/dst lists of one to six flags', () => {
    expect(parseSetFlags('dst,dst,src')).toEqual(['dst', 'dst', 'src']);
    expect(parseSetFlags('dst,foo')).toBeNull();
    expect(parseSetFlags('src,src,src,src,src,src,src')).toBeNull();
  });

  it('knows kube-proxy sets by name, IPv6 and 31-character cut names included', () => {
    expect(kubeSetInfo('KUBE-NODE-PORT-TCP')).toMatchObject({
      type: 'bitmap:port',
      rule: { chain: 'KUBE-NODE-PORT', flags: ['dst'] },
    });
    expect(kubeSetInfo('KUBE-6-LOOP-BACK')?.name).toBe('KUBE-LOOP-BACK');
    expect(kubeSetInfo('KUBE-6-LOAD-BALANCER-SOURCE-CID')?.name).toBe('KUBE-LOAD-BALANCER-SOURCE-CIDR');
    expect(kubeSetInfo('KUBE-6-NODE-PORT-LOCAL-SCTP-HAS')?.name).toBe('KUBE-NODE-PORT-LOCAL-SCTP-HASH');
    expect(kubeSetInfo('cali40all-ipam-pools')).toBeNull();
  });

  it('every kube-proxy set of the real minikube node is known, with the type kube-proxy gives it', () => {
    for (const s of minikube().sets) {
      const info = kubeSetInfo(s.name);
      expect(info, s.name).not.toBeNull();
      expect(info?.type, s.name).toBe(s.type);
    }
  });
});
