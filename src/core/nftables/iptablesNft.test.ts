import { describe, expect, it } from 'vitest';
import type { NftStatement } from './ast';
import { iptablesNftProbability } from './iptablesNft';
import { parseNftables } from './parse';
import { fixture } from './testing.node';

const first = (rule: string): NftStatement => {
  const doc = parseNftables(`table ip nat {\n\tchain c {\n\t\t${rule}\n\t}\n}\n`).result;
  return doc.tables[0]?.chains[0]?.rules[0]?.statements[0] as NftStatement;
};

describe('iptablesNftProbability', () => {
  it('reads --probability 0.5 from the real iptables-nft listing', () => {
    const doc = parseNftables(fixture('iptables-nft.list.txt')).result;
    const svc = doc.tables[0]?.chains.find((c) => c.name === 'KUBE-SVC-X');
    expect(iptablesNftProbability(svc?.rules[0]?.statements[0] as NftStatement)).toBe(0.5);
    expect(iptablesNftProbability(svc?.rules[1]?.statements[0] as NftStatement)).toBeNull();
  });
  it('is N / 2^31, and 1 - N / 2^31 for the inverted match', () => {
    expect(iptablesNftProbability(first('meta random & 2147483647 < 715827883 jump X'))).toBeCloseTo(
      1 / 3,
      9,
    );
    expect(iptablesNftProbability(first('meta random & 2147483647 >= 1073741824 jump X'))).toBe(0.5);
    expect(iptablesNftProbability(first('meta random & 2147483647 < 0 jump X'))).toBe(0);
  });
  it('is null for other matches', () => {
    expect(iptablesNftProbability(first('meta mark & 0x4000 == 0 return'))).toBeNull();
    expect(iptablesNftProbability(first('meta random & 255 < 10 jump X'))).toBeNull();
    expect(iptablesNftProbability(first('accept'))).toBeNull();
  });
});
