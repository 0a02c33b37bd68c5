import type { GenRule, GenTable, GenTableName, RulePart, RuleTarget } from './genRule';
import { canonicalCidr } from './ipv4';
import { savedProbability } from './probability';

/**
 * `iptables-save` printing (iptables 1.8, legacy and nft backends agree for these matches):
 * `-s`, `-d` (always with a prefix), `-p`, then each match module in command-line order with its
 * options in the extension's own save order, then `-j` with the target's save form.
 */

/** xtables.c `xtables_save_string`: bare when only `[A-Za-z0-9_-]`, else double-quoted with `\"`, `\\`, `\'` escaped. */
function saveString(value: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(value)) return value;
  return `"${value.replace(/["\\']/g, (c) => `\\${c}`)}"`;
}

function hex(n: number): string {
  return `0x${n.toString(16)}`;
}

function moduleText(part: RulePart, dport: number | null, mark: number): string {
  switch (part.kind) {
    case 'comment':
      return `-m comment --comment ${saveString(part.text)}`;
    case 'proto':
      return dport === null ? `-m ${part.proto}` : `-m ${part.proto} --dport ${dport}`;
    case 'addrtype':
      return `-m addrtype --${part.dir}-type LOCAL`;
    case 'conntrack':
      return `-m conntrack ${part.negated ? '! ' : ''}--ctstate ${part.states}`;
    case 'mark':
      // libxt_mark print_mark: value/mask unless the mask is 0xffffffff.
      return `-m mark ${part.negated ? '! ' : ''}--mark ${hex(mark)}/${hex(mark)}`;
    case 'statistic':
      return `-m statistic --mode random --probability ${savedProbability(part.probability)}`;
    case 'recent-set':
      // libxt_recent save order: action, --seconds, --reap, --name, --mask, --rsource.
      return `-m recent --set --name ${part.name} --mask 255.255.255.255 --rsource`;
    case 'recent-check':
      return `-m recent --rcheck --seconds ${part.seconds} --reap --name ${part.name} --mask 255.255.255.255 --rsource`;
    case 'nfacct':
      return `-m nfacct --nfacct-name ${part.name}`;
    case 'addr':
    case 'dport':
      return '';
  }
}

function targetText(target: RuleTarget, mark: number): string | null {
  switch (target.kind) {
    case 'jump':
      return `-j ${target.chain}`;
    case 'verdict':
      // libipt_REJECT prints its default type explicitly.
      return target.verdict === 'REJECT'
        ? '-j REJECT --reject-with icmp-port-unreachable'
        : `-j ${target.verdict}`;
    case 'dnat':
      return `-j DNAT --to-destination ${target.to}`;
    case 'mark':
      // xt_MARK keeps one operation, mark = (mark & ~mask) ^ value: --or-mark M is M/M, --xor-mark M is M/0.
      return `-j MARK --set-xmark ${hex(mark)}/${target.op === 'or' ? hex(mark) : '0x0'}`;
    case 'masquerade':
      return target.randomFully ? '-j MASQUERADE --random-fully' : '-j MASQUERADE';
    case 'none':
      return null;
  }
}

/** One rule as `iptables-save` prints it (`-A CHAIN …`). */
function saveRuleText(rule: GenRule, mark: number): string {
  let src = '';
  let dst = '';
  let proto = '';
  let dport: number | null = null;
  for (const part of rule.parts) {
    if (part.kind === 'addr') {
      const text = `${part.negated ? '! ' : ''}${part.dir === 'src' ? '-s' : '-d'} ${canonicalCidr(part.cidr)}`;
      if (part.dir === 'src') src = text;
      else dst = text;
    } else if (part.kind === 'proto') proto = part.proto;
    else if (part.kind === 'dport') dport = part.port;
  }
  let line = `-A ${rule.chain}`;
  if (src) line += ` ${src}`;
  if (dst) line += ` ${dst}`;
  if (proto) line += ` -p ${proto}`;
  for (const part of rule.parts) {
    const text = moduleText(part, dport, mark);
    if (text) line += ` ${text}`;
  }
  const target = targetText(rule.target, mark);
  return target === null ? line : `${line} ${target}`;
}

/** Built-in chains per table, in the order iptables-save lists them (hook order). */
const SAVE_BUILTINS: Readonly<Record<GenTableName, readonly string[]>> = {
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
};

export interface SaveHeader {
  /** `iptables-save v1.8.9 (nf_tables)`. */
  readonly program: string;
  /** ctime-style date; a fixed placeholder keeps output deterministic. */
  readonly date: string;
}

/**
 * A whole `iptables-save` text: per table a header comment, `*table`, built-in chains with policy
 * ACCEPT, user chains sorted by name (libiptc and iptables-nft both sort them), then every chain's
 * rules in that chain order, `COMMIT`, footer comment.
 */
export function saveText(tables: readonly GenTable[], mark: number, header: SaveHeader): string {
  const out: string[] = [];
  for (const table of tables) {
    const builtins = SAVE_BUILTINS[table.name];
    const user = [...new Set(table.chains)].filter((c) => !builtins.includes(c)).sort(byName);
    const byChain = new Map<string, GenRule[]>();
    for (const rule of table.rules) {
      const list = byChain.get(rule.chain);
      if (list) list.push(rule);
      else byChain.set(rule.chain, [rule]);
    }
    out.push(`# Generated by ${header.program} on ${header.date}`, `*${table.name}`);
    for (const chain of builtins) out.push(`:${chain} ACCEPT [0:0]`);
    for (const chain of user) out.push(`:${chain} - [0:0]`);
    for (const chain of [...builtins, ...user]) {
      for (const rule of byChain.get(chain) ?? []) out.push(saveRuleText(rule, mark));
    }
    out.push('COMMIT', `# Completed on ${header.date}`);
  }
  out.push('');
  return out.join('\n');
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
