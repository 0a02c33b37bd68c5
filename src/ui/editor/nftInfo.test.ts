/// <reference path="./monacoInternals.d.ts" />
import { readFileSync } from 'node:fs';
// Monaco's own Markdown parser: the hover is judged by what it renders, not by its source.
import { marked } from 'monaco-editor/base/common/marked/marked.js';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures';
import { parseNftables } from '../../core/nftables';
import { describeNftName, nftDeclarationFor, nftDeclarationLine } from './nftInfo';

const listing = readFileSync(fixturePath('nftables/kube-proxy-overall.list.txt'), 'utf8');
const doc = parseNftables(listing).result;
/** The hover as a reader sees it (Monaco renders its Markdown). */
function seen(paragraphs: readonly string[] | null): string {
  return (paragraphs ?? [])
    .map((p) => marked.parse(p, { async: false }))
    .join('')
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('nft hover and go-to-declaration', () => {
  it('describes a base chain with its hook, priority and policy', () => {
    const hover = seen(describeNftName(doc, 'nat-prerouting'));
    expect(hover.startsWith('nat-prerouting\n')).toBe(true);
    expect(hover).toMatch(
      /Base chain in table ip kube-proxy: type nat hook prerouting priority dstnat \(-100\), policy accept/,
    );
    expect(hover).toContain(`declared on line ${lineOf(listing, 'chain nat-prerouting {')}`);
  });

  it('describes a verdict map named with @, with its type and elements', () => {
    const hover = seen(describeNftName(doc, '@service-ips'));
    expect(hover).toContain(
      'Map in table ip kube-proxy: type ipv4_addr . inet_proto . inet_service : verdict',
    );
    expect(hover).toContain('4 elements, declared on line 35');
    expect(hover).toContain('ClusterIP, ExternalIP and LoadBalancer IP traffic');
  });

  it('goes to the declaration of a jump target, and knows nothing of other words', () => {
    const name = 'service-ULMVA6XW-ns1/svc1/tcp/p80';
    const d = nftDeclarationFor(doc, name, 40);
    expect(d && nftDeclarationLine(d)).toBe(lineOf(listing, `chain ${name} {`));
    expect(describeNftName(doc, 'daddr')).toBeNull();
    expect(nftDeclarationFor(doc, 'no-such-chain', 1)).toBeNull();
  });
});
