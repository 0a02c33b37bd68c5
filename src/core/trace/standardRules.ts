import { parseIptablesSave } from '../iptables';
import { KUBE_CHAIN } from '../kubeproxy';
import { lowerToRuleset } from '../lower';
import { type Chain, chainId, type Rule, type Ruleset, ruleId, type TableName } from '../ruleset';
import { span } from '../text';
import type { AssumedRules } from './types';

/*
 * kube-proxy's standard rules that `iptables-save | grep <Service>` removes (they carry no comment, or
 * a comment without the Service's name), as kube-proxy writes them (pkg/proxy/iptables/proxier.go,
 * `syncProxyRules`; KUBE-MARK-DROP and KUBE-FIREWALL: kubelet's pkg/kubelet/kubelet_network_linux.go
 * before 1.28). The same lines come out of src/sim (checked byte for byte in standardRules.test.ts).
 */

const MARK_MASQ = `-A ${KUBE_CHAIN.markMasq} -j MARK --set-xmark 0x4000/0x4000`;
const MARK_DROP = `-A ${KUBE_CHAIN.markDrop} -j MARK --set-xmark 0x8000/0x8000`;
/** kube-proxy ≥ 1.20: return unless marked, clear the mark, masquerade (`kubePostroutingChain`). */
const POSTROUTING_NEW = [
  `-A ${KUBE_CHAIN.postrouting} -m mark ! --mark 0x4000/0x4000 -j RETURN`,
  `-A ${KUBE_CHAIN.postrouting} -j MARK --set-xmark 0x4000/0x0`,
  `-A ${KUBE_CHAIN.postrouting} -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE`,
];
/** kube-proxy before 1.20: one rule. */
const POSTROUTING_OLD = [
  `-A ${KUBE_CHAIN.postrouting} -m comment --comment "kubernetes service traffic requiring SNAT" -m mark --mark 0x4000/0x4000 -j MASQUERADE`,
];
const FIREWALL_DROP = `-A ${KUBE_CHAIN.firewall} -m comment --comment "kubernetes firewall for dropping marked packets" -m mark --mark 0x8000/0x8000 -j DROP`;
/** The last rule of KUBE-SERVICES ("NOTE: this must be the last rule in this chain"). */
const SERVICES_TO_NODEPORTS = `-A ${KUBE_CHAIN.services} -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j ${KUBE_CHAIN.nodeports}`;

const CUT_BY_GREP = 'iptables-save | grep keeps only the lines that name the Service';

/** A KUBE-EXT/XLB/FW chain's missing closing jump (`-A <chain> -j <target>`). */
export function closingJump(chain: string, target: string, why: string): AssumedRules {
  return { table: 'nat', chain, rules: [`-A ${chain} -j ${target}`], why };
}

export function servicesToNodeports(): AssumedRules {
  return {
    table: 'nat',
    chain: KUBE_CHAIN.services,
    rules: [SERVICES_TO_NODEPORTS],
    why: `KUBE-SERVICES ends without kube-proxy's last rule (to KUBE-NODEPORTS for node-local destinations), whose comment names no Service: ${CUT_BY_GREP}, so the chain looks cut.`,
  };
}

/** True when the text is from kube-proxy ≥ 1.20 (it names chains only those versions write). */
function isNewEra(ruleset: Ruleset): boolean {
  const nat = ruleset.tables.nat?.chains ?? {};
  if (nat[KUBE_CHAIN.proxyFirewall] !== undefined) return true;
  for (const name of Object.keys(nat))
    if (name.startsWith('KUBE-EXT-') || name.startsWith('KUBE-SVL-')) return true;
  return ruleset.tables.filter?.chains[KUBE_CHAIN.proxyFirewall] !== undefined;
}

const hasRules = (ruleset: Ruleset, table: TableName, name: string) =>
  (ruleset.tables[table]?.chains[name]?.rules.length ?? 0) > 0;

/**
 * The fixed chains a jump to KUBE-MARK-MASQ / KUBE-MARK-DROP needs, for those the text lacks: the
 * mark rule itself, and what acts on the mark (KUBE-POSTROUTING's masquerade; kubelet's KUBE-FIREWALL
 * drop). Empty when nothing is missing.
 */
export function markChainRules(ruleset: Ruleset, name: string): AssumedRules[] {
  const out: AssumedRules[] = [];
  // A declared chain is what the text says, even when empty; only absent or undeclared ones are assumed.
  const missing = (table: TableName, chain: string) =>
    ruleset.tables[table]?.chains[chain]?.origin !== 'declared' && !hasRules(ruleset, table, chain);
  const why = (chain: string, shape = '') =>
    `${chain} is not in the text: kube-proxy always writes it${shape}, with no comment naming a Service, and ${CUT_BY_GREP}.`;
  if (name === KUBE_CHAIN.markMasq) {
    if (missing('nat', name)) out.push({ table: 'nat', chain: name, rules: [MARK_MASQ], why: why(name) });
    if (missing('nat', KUBE_CHAIN.postrouting)) {
      const era = isNewEra(ruleset);
      out.push({
        table: 'nat',
        chain: KUBE_CHAIN.postrouting,
        rules: era ? POSTROUTING_NEW : POSTROUTING_OLD,
        why: why(
          KUBE_CHAIN.postrouting,
          ` (in the shape of kube-proxy ${era ? '≥ 1.20' : 'before 1.20'}, as this text's chains suggest)`,
        ),
      });
    }
  } else if (name === KUBE_CHAIN.markDrop) {
    if (missing('nat', name)) out.push({ table: 'nat', chain: name, rules: [MARK_DROP], why: why(name) });
    if (missing('filter', KUBE_CHAIN.firewall))
      out.push({
        table: 'filter',
        chain: KUBE_CHAIN.firewall,
        rules: [FIREWALL_DROP],
        why: why(KUBE_CHAIN.firewall),
      });
  }
  return out;
}

const ASSUMED = new WeakSet<Rule>();

/** A rule the tracer added from kube-proxy's standard shape (not in the text: no line, no id). */
export function isAssumedRule(rule: Rule): boolean {
  return ASSUMED.has(rule);
}

/**
 * `ruleset` with the assumed rules appended to their chains (chains the text lacks are added). The
 * rules are read by the iptables reader from their text; the tables' chain maps inherit the
 * original's (a lazily read Ruleset stays lazy).
 */
export function withStandardRules(ruleset: Ruleset, assumed: readonly AssumedRules[]): Ruleset {
  const byTable = new Map<TableName, AssumedRules[]>();
  for (const a of assumed) byTable.set(a.table, [...(byTable.get(a.table) ?? []), a]);
  const tables: Record<string, unknown> = { ...ruleset.tables };
  let added = 0;
  for (const [table, sets] of byTable) {
    const text = `*${table}\n${sets.flatMap((s) => s.rules).join('\n')}\nCOMMIT\n`;
    const small = lowerToRuleset(parseIptablesSave(text).result).result.tables[table];
    const orig = ruleset.tables[table];
    if (small === undefined) continue;
    const chains = Object.create(orig?.chains ?? null) as Record<string, Chain>;
    const order = [...(orig?.order ?? [])];
    for (const name of new Set(sets.map((s) => s.chain))) {
      const extra = small.chains[name]?.rules ?? [];
      const base = orig?.chains[name];
      const start = base?.rules.length ?? 0;
      const rules = extra.map((r, i) => {
        const rule: Rule = { ...r, index: start + i, id: ruleId(table, name, start + i) };
        ASSUMED.add(rule);
        return rule;
      });
      added += rules.length;
      chains[name] = {
        ...(base ?? {
          id: chainId(table, name),
          table,
          name,
          builtin: false,
          policy: null,
          origin: 'implied' as const,
          span: span(0, 0),
          line: 0,
        }),
        rules: [...(base?.rules ?? []), ...rules],
      };
      if (base === undefined) order.push(name);
    }
    tables[table] = { ...(orig ?? { name: table }), name: table, chains, order };
  }
  return { ...ruleset, tables: tables as Ruleset['tables'], ruleCount: ruleset.ruleCount + added };
}
