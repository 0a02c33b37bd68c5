import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures';
import { analyzeTexts } from './pipeline';

const listing = readFileSync(fixturePath('nftables/kube-proxy-overall.list.txt'), 'utf8');

describe('the nftables reader diagnostics the editor marks', () => {
  it('adds the reader diagnostics of an nftables text at their offsets', async () => {
    const broken = listing.replace(
      'type nat hook prerouting priority dstnat;',
      'type nat hook prerouting priority bogus;',
    );
    const at = broken.indexOf('bogus');
    const { response } = await analyzeTexts(1, broken, '', null, null);
    const codes = response.diagnostics.iptables.map((d) => d.code);
    expect(codes).toContain('nftables/bad-priority');
    const bad = response.diagnostics.iptables.find((d) => d.code === 'nftables/bad-priority')!;
    expect(bad.span.start).toBeLessThanOrEqual(at);
    expect(bad.span.end).toBeGreaterThan(at - 30);
  });

  it('adds nothing to an iptables-save text', async () => {
    const text = readFileSync(fixturePath('iptables/k8s-overall-rules.iptables-save.txt'), 'utf8');
    const { response } = await analyzeTexts(1, text, '', null, null);
    expect(response.diagnostics.iptables.filter((d) => d.code.startsWith('nftables/'))).toEqual([]);
  });
});
