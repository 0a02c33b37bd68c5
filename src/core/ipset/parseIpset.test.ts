import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../../../test/fixtures';
import { parseIpset } from './parseIpset';

const setNamed = (text: string, name: string) => parseIpset(text).result.sets.find((s) => s.name === name)!;

describe('parseIpset on ipset list output', () => {
  it('reads a whole real kube-proxy node (minikube, 34 sets, dual-stack) without a false alarm', () => {
    const text = readFixture('ipset/real-minikube-notes.ipset-list.txt');
    const { result, diagnostics } = parseIpset(text);
    expect(result.format).toBe('list');
    expect(result.sets).toHaveLength(34);
    expect(diagnostics.map((d) => d.code)).toEqual(['ipset/ignored-text']);
    const cip = setNamed(text, 'KUBE-CLUSTER-IP');
    expect(cip).toMatchObject({
      type: 'hash:ip,port',
      dimensions: ['ip', 'port'],
      revision: 6,
      references: 3,
      declaredEntries: 5,
    });
    expect(cip.header).toMatchObject({ family: 'inet', hashsize: 1024, maxelem: 65536 });
    expect(cip.members?.map((m) => m.text)).toEqual([
      '10.100.108.207,tcp:80',
      '10.96.0.10,tcp:53',
      '10.96.0.10,tcp:9153',
      '10.96.0.10,udp:53',
      '10.96.0.1,tcp:443',
    ]);
    expect(cip.members?.[3]?.elements).toEqual([
      { kind: 'ip', family: 'ipv4', address: '10.96.0.10', bits: 32 },
      { kind: 'port', proto: 'udp', from: 53, to: 53 },
    ]);
    const loop = setNamed(text, 'KUBE-LOOP-BACK');
    expect(loop.members?.[0]?.elements.map((e) => e.kind)).toEqual(['ip', 'port', 'ip']);
    expect(setNamed(text, 'KUBE-NODE-PORT-TCP').header.range).toBe('0-65535');
    expect(setNamed(text, 'KUBE-6-CLUSTER-IP').header.family).toBe('inet6');
  });

  it('reads the sets made on this machine: comment, timeout, nomatch, bitmap ranges, IPv6, SCTP', () => {
    const text = readFixture('ipset/generated-kube-types.ipset-list.txt');
    const { result, diagnostics } = parseIpset(text);
    expect(diagnostics).toEqual([]);
    const by = (suffix: string) => result.sets.find((s) => s.name.endsWith(suffix))!;
    const cip = by('-CLUSTER-IP');
    expect(cip.header.comment).toBe(true);
    expect(cip.members?.[2]).toMatchObject({
      text: '10.96.0.10,udp:53',
      comment: 'kube-system/kube-dns:dns',
    });
    expect(by('-NODE-PORT-TCP').members?.map((m) => m.elements[0])).toEqual([
      { kind: 'port', proto: null, from: 30080, to: 30080 },
      { kind: 'port', proto: null, from: 31000, to: 31000 },
      { kind: 'port', proto: null, from: 31001, to: 31001 },
      { kind: 'port', proto: null, from: 31002, to: 31002 },
    ]);
    const cidr = by('-LB-SRC-CIDR');
    expect(cidr.header.timeout).toBe(300);
    expect(cidr.members?.[1]).toMatchObject({ timeout: 119 });
    expect(cidr.members?.[1]?.elements[2]).toEqual({
      kind: 'net',
      family: 'ipv4',
      address: '10.244.0.0',
      bits: 16,
    });
    expect(by('-NET').members?.[1]).toMatchObject({ text: '192.168.0.0/24', nomatch: true });
    expect(by('-6-CLUSTER-IP').members?.[1]?.elements[0]).toEqual({
      kind: 'ip',
      family: 'ipv6',
      address: 'fd00::a',
      bits: 128,
    });
    expect(by('-SCTP').members?.[0]?.elements[1]).toEqual({
      kind: 'port',
      proto: 'sctp',
      from: 31514,
      to: 31514,
    });
  });

  it('says when a paste is cut: "Number of entries: 143" but 50 members (labring/sealos#2108)', () => {
    const text = readFixture('ipset/real-sealos-2108-excerpt.ipset-list.txt');
    const { result, diagnostics } = parseIpset(text);
    expect(result.sets[0]?.members).toHaveLength(50);
    const cut = diagnostics.find((d) => d.code === 'ipset/entries-mismatch')!;
    expect(cut.severity).toBe('warning');
    expect(cut.message).toContain('143');
    expect(text.slice(cut.span.start, cut.span.end)).toBe('Name: KUBE-CLUSTER-IP');
  });

  it('reads the old format without "Number of entries" (kubernetes#54203)', () => {
    const { result, diagnostics } = parseIpset(readFixture('ipset/real-k8s-54203.ipset-list.txt'));
    expect(result.sets[0]).toMatchObject({ name: 'test', revision: 5, declaredEntries: null });
    expect(result.sets[0]?.members?.map((m) => m.text)).toEqual(['8.8.8.8,udp:100', '8.8.8.8,udp:53']);
    expect(diagnostics.map((d) => d.code)).toEqual(['ipset/ignored-text']);
  });

  it('reads a set without members as "membership unknown" (ipset list -t)', () => {
    const text =
      'Name: KUBE-CLUSTER-IP\nType: hash:ip,port\nRevision: 7\nHeader: family inet hashsize 1024 maxelem 65536\nSize in memory: 200\nReferences: 2\nNumber of entries: 12\n';
    const { result, diagnostics } = parseIpset(text);
    expect(result.sets[0]?.members).toBeNull();
    expect(diagnostics.map((d) => d.code)).toEqual(['ipset/no-members']);
  });
});

describe('parseIpset on ipset save output', () => {
  it('reads the save format made on this machine like the list of the same sets', () => {
    const list = parseIpset(readFixture('ipset/generated-kube-types.ipset-list.txt')).result;
    const { result, diagnostics } = parseIpset(readFixture('ipset/generated-kube-types.ipset-save.txt'));
    expect(diagnostics).toEqual([]);
    expect(result.format).toBe('save');
    const strip = (sets: typeof list.sets) =>
      sets.map((s) => ({
        name: s.name,
        type: s.type,
        family: s.header.family,
        members: s.members?.map((m) => [m.text, m.comment, m.timeout, m.nomatch]),
      }));
    expect(strip(result.sets)).toEqual(strip(list.sets));
  });

  it('reads a real kube-proxy ipset save (weaveworks/weave#3452)', () => {
    const text = readFixture('ipset/real-weave-3452.ipset-save.txt');
    const { result, diagnostics } = parseIpset(text);
    expect(result.sets.map((s) => s.name)).toContain('KUBE-LOAD-BALANCER-SOURCE-CIDR');
    expect(setNamed(text, 'KUBE-LOOP-BACK').members).toHaveLength(6);
    expect(setNamed(text, 'KUBE-CLUSTER-IP').members?.map((m) => m.text)).toEqual([
      '10.96.0.10,tcp:53',
      '10.96.0.1,tcp:443',
      '10.96.140.192,tcp:80',
      '10.96.0.10,udp:53',
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual(['ipset/ignored-text']);
  });
});

describe('parseIpset robustness', () => {
  it('reads every fixture without an error', () => {
    for (const f of readdirSync(fixturePath('ipset')).filter((n) => n.includes('.ipset-'))) {
      const { result, diagnostics } = parseIpset(readFixture(`ipset/${f}`));
      expect(result.sets.length, f).toBeGreaterThan(0);
      expect(
        diagnostics.filter((d) => d.severity === 'error'),
        f,
      ).toEqual([]);
    }
  });

  it('never throws on arbitrary text', () => {
    for (const t of [
      '',
      'Name:',
      'Members:\n1.2.3.4',
      'create',
      'add x',
      'create a hash:ip\nadd a',
      'Name: a\nType: hash:ip,port\nMembers:\n,,,\n"',
      'comment "',
    ])
      expect(() => parseIpset(t)).not.toThrow();
  });
});
