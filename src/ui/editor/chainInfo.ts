import type { KubectlData } from '../../core/kubectl';
import type { KubeProxyModel, KubeServicePort } from '../../core/kubeproxy';
import type { Chain, Ruleset } from '../../core/ruleset';
import { escapeMarkdown } from '../../core/text';
import { type MessageKey, type Translate, translator } from '../../i18n';

/**
 * What the editor says about a chain name (hover) and where it is declared (Ctrl/Cmd-click).
 * Pure: reads the Ruleset and the kube-proxy model; no Monaco. The hover is Markdown: every name
 * from the dump or kubectl output goes through `md` (a pod called `[x](javascript:…)` is text).
 */

const md = escapeMarkdown;

/** What the analysis knows, as the store holds it. */
export interface ChainContext {
  readonly ruleset: Ruleset | null;
  readonly model: KubeProxyModel | null;
  readonly kubectl: KubectlData | null;
}

/** The sentence of each role that has one (a typo in a key is a type error). */
const ROLE_WORDS: Readonly<Record<string, MessageKey>> = {
  services: 'hover.role.services',
  nodeports: 'hover.role.nodeports',
  'external-services': 'hover.role.external-services',
  svc: 'hover.role.svc',
  svl: 'hover.role.svl',
  ext: 'hover.role.ext',
  fw: 'hover.role.fw',
  xlb: 'hover.role.xlb',
  sep: 'hover.role.sep',
  'mark-masq': 'hover.role.mark-masq',
  'mark-drop': 'hover.role.mark-drop',
  postrouting: 'hover.role.postrouting',
  firewall: 'hover.role.firewall',
  'proxy-firewall': 'hover.role.proxy-firewall',
  forward: 'hover.role.forward',
  canary: 'hover.role.canary',
};

/** The chains of that name, one per table that has it (nat first). */
export function chainsNamed(ruleset: Ruleset | null, name: string): Chain[] {
  if (!ruleset) return [];
  const order = ['nat', 'filter', 'mangle', 'raw', 'security'] as const;
  return order.flatMap((t) => {
    const c = ruleset.tables[t]?.chains[name];
    return c ? [c] : [];
  });
}

/** 1-based line a jump to `name` should go to: the declaration, else the chain's first rule. `null` if unknown. */
export function chainDefinitionLine(chain: Chain): number | null {
  if (chain.line > 0 && chain.origin === 'declared') return chain.line;
  return chain.rules[0]?.line ?? (chain.line > 0 ? chain.line : null);
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function describePort(sp: KubeServicePort, tr: Translate): string {
  const where = [
    ...sp.clusterIPs.map((ip) =>
      tr('hover.clusterIp', { ip: `${md(ip)}${sp.port !== null ? `:${sp.port}` : ''}` }),
    ),
    ...sp.nodePorts.map((port) => tr('hover.nodePort', { port })),
    ...sp.loadBalancerIPs.map((ip) => tr('hover.loadBalancer', { ip: md(ip) })),
    ...sp.externalIPs.map((ip) => tr('hover.externalIp', { ip: md(ip) })),
  ];
  return tr('hover.service', {
    name: md(sp.name.text),
    proto: sp.protocol ? ` (${md(sp.protocol)})` : '',
    where: where.length ? ` — ${where.join(', ')}` : '',
  });
}

function podOf(kubectl: KubectlData | null, ip: string | null): string | null {
  if (!kubectl || !ip) return null;
  for (const ep of kubectl.endpoints) for (const a of ep.addresses) if (a.ip === ip && a.pod) return a.pod;
  return null;
}

/**
 * Markdown paragraphs for a hover on `name`, or `null` when no chain has that name.
 * Says the chain's role, its Service port and endpoints (with shares), and where it is declared,
 * in the words of `tr` (the language on screen); names, addresses and iptables words stay as
 * written. Parameters are escaped before they meet the dictionary's Markdown.
 */
export function describeChain(
  ctx: ChainContext,
  name: string,
  tr: Translate = translator('en'),
): string[] | null {
  const chains = chainsNamed(ctx.ruleset, name);
  if (chains.length === 0) return null;
  const out = [`**${md(name)}**`];
  const kube = ctx.model?.chains.find((c) => c.name === name && c.table === chains[0]!.table) ?? null;
  const roleWords = kube ? ROLE_WORDS[kube.role] : undefined;
  if (roleWords) out.push(tr(roleWords));
  const port = kube?.owner ? ctx.model?.servicePorts.find((p) => p.name.key === kube.owner) : undefined;
  if (port) out.push(describePort(port, tr));
  const policy = ctx.model?.policies.find((p) => p.chain === name);
  if (policy && policy.targets.length > 0) {
    out.push(
      policy.targets
        .map(
          (t) =>
            `- ${md(t.sep)} → ${md(t.endpoint ?? '?')}: ${t.condition === 'affinity' ? tr('hover.affinity') : pct(t.share)}`,
        )
        .join('\n'),
    );
  }
  const ep = ctx.model?.endpoints.find((e) => e.chain === name);
  if (ep?.endpoint) {
    const pod = podOf(ctx.kubectl, ep.ip);
    out.push(
      `${tr('hover.endpoint', { endpoint: md(ep.endpoint) })}${pod ? tr('hover.pod', { pod: md(pod) }) : ''}`,
    );
  }
  for (const c of chains) {
    const where =
      c.origin === 'declared'
        ? tr('hover.declared', { line: c.line })
        : tr('hover.undeclared', { origin: md(c.origin) });
    const policy = c.policy ? tr('hover.policy', { policy: md(c.policy) }) : '';
    const n = c.rules.length;
    out.push(tr(n === 1 ? 'hover.table.one' : 'hover.table.other', { table: md(c.table), n, policy, where }));
  }
  return out;
}
