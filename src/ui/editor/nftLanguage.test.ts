import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures';
import { NFT_LANGUAGE, NFT_MONARCH, NFT_PLAIN_LANGUAGE, nftLanguageFor } from './nftGrammar';

type Action = string | readonly string[] | { cases: Record<string, string> };

/**
 * Monarch's matching as far as this grammar uses it: at each position the first rule of `root`
 * whose regex matches there wins; an array action names each group; `cases` picks by the word,
 * `@name` meaning "in the language's `name` list".
 */
function tokenize(line: string): [string, string][] {
  const lang = NFT_MONARCH as unknown as Record<string, unknown> & {
    tokenizer: { root: [RegExp, Action][] };
  };
  const rules = lang.tokenizer.root.map(([re, action]) => [new RegExp(re.source, 'y'), action] as const);
  const out: [string, string][] = [];
  let at = 0;
  while (at < line.length) {
    if (line[at] === ' ' || line[at] === '\t') {
      at++;
      continue;
    }
    let matched = false;
    for (const [re, action] of rules) {
      re.lastIndex = at;
      const m = re.exec(line);
      if (!m || m[0] === '') continue;
      if (typeof action === 'string') out.push([m[0], action]);
      else if (Array.isArray(action))
        action.forEach((t, i) => {
          if (m[i + 1] && t !== '') out.push([m[i + 1]!, t]);
        });
      else {
        const cases = (action as { cases: Record<string, string> }).cases;
        const key = Object.keys(cases).find(
          (k) => k !== '@default' && ((lang[k.slice(1)] as string[] | undefined) ?? []).includes(m[0]),
        );
        out.push([m[0], cases[key ?? '@default']!]);
      }
      at += m[0].length;
      matched = true;
      break;
    }
    if (!matched) at++;
  }
  return out.filter(([, t]) => t !== '');
}

describe('the nft Monarch grammar', () => {
  it('colours a base chain declaration', () => {
    expect(tokenize('\t\ttype nat hook prerouting priority dstnat; policy accept;')).toEqual([
      ['type', 'keyword.policy'],
      ['hook', 'keyword.policy'],
      ['priority', 'keyword.policy'],
      [';', 'delimiter'],
      ['policy', 'keyword.policy'],
      ['accept', 'target.accept'],
      [';', 'delimiter'],
    ]);
  });

  it('reads jump and goto targets, @set references, addresses and verdict maps as such', () => {
    const tokens = tokenize(
      'ip daddr . meta l4proto . th dport vmap @service-ips ip saddr != 10.0.0.0/8 jump mark-for-masquerade',
    );
    expect(tokens).toContainEqual(['vmap', 'keyword.module']);
    expect(tokens).toContainEqual(['@service-ips', 'type.chain']);
    expect(tokens).toContainEqual(['10.0.0.0/8', 'number.address']);
    expect(tokens).toContainEqual(['!=', 'operator']);
    expect(tokens).toContainEqual(['jump', 'keyword.op']);
    expect(tokens).toContainEqual(['mark-for-masquerade', 'type.chain']);
    expect(tokenize('172.30.0.41 . tcp . 80 : goto service-ULMVA6XW-ns1/svc1/tcp/p80 }')).toContainEqual([
      'service-ULMVA6XW-ns1/svc1/tcp/p80',
      'type.chain',
    ]);
  });

  it('colours numgen, dnat, masquerade and drop, strings and comments', () => {
    const tokens = tokenize('numgen random mod 2 vmap { 0 : goto a, 1 : goto b } # two endpoints');
    expect(tokens[0]).toEqual(['numgen', 'keyword.module']);
    expect(tokens).toContainEqual(['# two endpoints', 'comment']);
    expect(tokenize('meta l4proto tcp dnat to 10.180.0.1:80')).toContainEqual(['dnat', 'target.dnat']);
    expect(tokenize('dnat to 10.180.0.1:80')).toContainEqual(['10.180.0.1:80', 'number.address']);
    expect(tokenize('masquerade fully-random')).toEqual([
      ['masquerade', 'target.masquerade'],
      ['fully-random', 'keyword.module'],
    ]);
    expect(tokenize('ip daddr 172.30.0.0/16 drop comment "Drop traffic"')).toEqual([
      ['ip', 'keyword.module'],
      ['daddr', 'attribute.option'],
      ['172.30.0.0/16', 'number.address'],
      ['drop', 'target.drop'],
      ['comment', 'keyword.policy'],
      ['"Drop traffic"', 'string'],
    ]);
    expect(tokenize('meta mark set mark or 0x4000')).toContainEqual(['0x4000', 'number.hex']);
  });
});

describe('nftLanguageFor', () => {
  it('switches to nft for a listing and a transaction, not for iptables-save', () => {
    const listing = readFileSync(fixturePath('nftables/kube-proxy-overall.list.txt'), 'utf8');
    expect(nftLanguageFor(listing, 1e6)).toBe(NFT_LANGUAGE);
    expect(nftLanguageFor(listing, 100)).toBe(NFT_PLAIN_LANGUAGE);
    expect(nftLanguageFor('add table ip kube-proxy\n', 1e6)).toBe(NFT_LANGUAGE);
    expect(nftLanguageFor('*nat\n:PREROUTING ACCEPT [0:0]\nCOMMIT\n', 1e6)).toBeNull();
    expect(nftLanguageFor('', 1e6)).toBeNull();
  });
});
