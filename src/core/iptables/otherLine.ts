import type { Parser } from './parser';

/**
 * A line that is not iptables-save text: `iptables -L` or `nft list ruleset` output (said once,
 * then skipped), binary data, prose before the first table (runs of them reported as one
 * diagnostic), or a bad line inside a table.
 */
export function readOtherLine(p: Parser, s: number, end: number): void {
  const text = p.text;
  if (text.startsWith('Chain ', s) && /^Chain \S+ \((policy \w+|\d+ references)/.test(text.slice(s, end))) {
    p.endRun();
    if (!p.foreign) {
      p.sink.add(
        'iptables/not-save-format',
        'This is `iptables -L` output, which leaves out what a rule matches. Run `iptables-save` (or `iptables-save -t nat`) on the node and paste that instead.',
        s,
        end,
      );
    }
    p.foreign = true;
    return;
  }
  if (
    text.startsWith('table ', s) &&
    /^table (ip|ip6|inet|arp|bridge|netdev) \S+ \{/.test(text.slice(s, end))
  ) {
    p.endRun();
    if (!p.foreign) {
      p.sink.add(
        'iptables/nftables-ruleset',
        'This is an nftables ruleset (`nft list ruleset`, kube-proxy nftables mode), which is not supported yet. Paste the `iptables-save` output of a node in iptables mode.',
        s,
        end,
      );
    }
    p.foreign = true;
    return;
  }
  if (hasBinary(text, s, end)) {
    p.extendRun('binary', s, end);
    return;
  }
  if (p.foreign) return;
  if (p.current !== null) {
    p.endRun();
    p.sink.add('iptables/bad-line', 'Not a chain, rule, COMMIT or comment line.', s, end);
    return;
  }
  p.extendRun('skipped', s, end);
}

/** NUL, control characters other than tab, or U+FFFD (bytes that were not valid UTF-8). */
function hasBinary(text: string, s: number, end: number): boolean {
  for (let i = s; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9) || c === 0xfffd) return true;
  }
  return false;
}
