import type { GenRule, GenTable, RulePart, RuleTarget } from './genRule';

/**
 * The masquerade mark as kube-proxy writes it: `fmt.Sprintf("%#08x", 1<<masqueradeBit)`
 * (proxier.go NewProxier) — Go pads the digits, not the `0x`, so bit 14 is `0x00004000`.
 * (kube-proxy's unit tests set the literal `"0x4000"` instead.)
 */
export function kubeProxyMarkText(masqueradeBit: number): string {
  return `0x${(2 ** masqueradeBit).toString(16).padStart(8, '0')}`;
}

/** kube-proxy quotes the comments it formats with spaces (`"%s cluster IP"`), not a bare `ns/svc:port`. */
function comment(text: string): string {
  return /\s/.test(text) ? `"${text}"` : text;
}

function partText(part: RulePart, mark: string): string {
  switch (part.kind) {
    case 'comment':
      return `-m comment --comment ${comment(part.text)}`;
    case 'proto':
      return `-m ${part.proto} -p ${part.proto}`;
    case 'addr':
      return `${part.negated ? '! ' : ''}${part.dir === 'src' ? '-s' : '-d'} ${part.cidr}`;
    case 'dport':
      return `--dport ${part.port}`;
    case 'addrtype':
      return `-m addrtype --${part.dir}-type LOCAL`;
    case 'conntrack':
      return `-m conntrack ${part.negated ? '! ' : ''}--ctstate ${part.states}`;
    case 'mark':
      return `-m mark ${part.negated ? '! ' : ''}--mark ${mark}/${mark}`;
    case 'statistic':
      return `-m statistic --mode random --probability ${part.probability}`;
    case 'recent-set':
      return `-m recent --name ${part.name} --set`;
    case 'recent-check':
      return `-m recent --name ${part.name} --rcheck --seconds ${part.seconds} --reap`;
    case 'nfacct':
      return `-m nfacct --nfacct-name ${part.name}`;
  }
}

function targetText(target: RuleTarget, mark: string): string | null {
  switch (target.kind) {
    case 'jump':
      return `-j ${target.chain}`;
    case 'verdict':
      return `-j ${target.verdict}`;
    case 'dnat':
      return `-j DNAT --to-destination ${target.to}`;
    case 'mark':
      return `-j MARK --${target.op}-mark ${mark}`;
    case 'masquerade':
      return target.randomFully ? '-j MASQUERADE --random-fully' : '-j MASQUERADE';
    case 'none':
      return null;
  }
}

/** One `-A` line exactly as kube-proxy's LineBuffer joins its arguments. */
function restoreRuleText(rule: GenRule, mark: string): string {
  let line = `-A ${rule.chain}`;
  for (const part of rule.parts) line += ` ${partText(part, mark)}`;
  const target = targetText(rule.target, mark);
  return target === null ? line : `${line} ${target}`;
}

/**
 * kube-proxy's `iptables-restore` input for the given tables: `*table`, `:CHAIN - [0:0]` lines in
 * declaration order, the rules in write order, `COMMIT` (proxier.go, end of syncProxyRules).
 */
export function restoreText(tables: readonly GenTable[], mark: string): string {
  const out: string[] = [];
  for (const table of tables) {
    out.push(`*${table.name}`);
    for (const chain of table.chains) out.push(`:${chain} - [0:0]`);
    for (const rule of table.rules) out.push(restoreRuleText(rule, mark));
    out.push('COMMIT');
  }
  out.push('');
  return out.join('\n');
}
