import type { KubectlData } from '../../core/kubectl';
import type { KubeProxyModel, KubeServicePort } from '../../core/kubeproxy';
import type { Chain, Ruleset } from '../../core/ruleset';
import { escapeMarkdown } from '../../core/text';

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

const ROLE_WORDS: Record<string, string> = {
  services: 'kube-proxy entry chain: matches Service addresses and ports',
  nodeports: 'NodePort entry chain (reached for packets to a local address)',
  'external-services': 'filter chain for externally visible Service ports',
  svc: 'Service port chain: picks an endpoint (random cascade)',
  svl: 'Service port chain, local endpoints only (externalTrafficPolicy/internalTrafficPolicy Local)',
  ext: 'external traffic chain (NodePort / LoadBalancer / external IP)',
  fw: 'LoadBalancer firewall chain (loadBalancerSourceRanges)',
  xlb: 'pre-1.24 external LB chain (externalTrafficPolicy Local)',
  sep: 'endpoint chain: DNATs to one endpoint',
  'mark-masq': 'sets the masquerade mark (SNAT later in KUBE-POSTROUTING)',
  'mark-drop': 'sets the drop mark',
  postrouting: 'masquerades packets carrying the masquerade mark',
  firewall: 'drops packets carrying the drop mark',
  'proxy-firewall': 'load balancer source ranges firewall',
  forward: 'accepts forwarded Service traffic',
  canary: 'canary chain (kube-proxy / kubelet check that their rules still exist)',
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

function describePort(sp: KubeServicePort): string {
  const where = [
    ...sp.clusterIPs.map((ip) => `cluster IP ${md(ip)}${sp.port !== null ? `:${sp.port}` : ''}`),
    ...sp.nodePorts.map((p) => `NodePort ${p}`),
    ...sp.loadBalancerIPs.map((ip) => `LoadBalancer ${md(ip)}`),
    ...sp.externalIPs.map((ip) => `external IP ${md(ip)}`),
  ];
  return `Service **${md(sp.name.text)}**${sp.protocol ? ` (${md(sp.protocol)})` : ''}${where.length ? ` — ${where.join(', ')}` : ''}`;
}

function podOf(kubectl: KubectlData | null, ip: string | null): string | null {
  if (!kubectl || !ip) return null;
  for (const ep of kubectl.endpoints) for (const a of ep.addresses) if (a.ip === ip && a.pod) return a.pod;
  return null;
}

/**
 * Markdown paragraphs for a hover on `name`, or `null` when no chain has that name.
 * Says the chain's role, its Service port and endpoints (with shares), and where it is declared.
 */
export function describeChain(ctx: ChainContext, name: string): string[] | null {
  const chains = chainsNamed(ctx.ruleset, name);
  if (chains.length === 0) return null;
  const out = [`**${md(name)}**`];
  const kube = ctx.model?.chains.find((c) => c.name === name && c.table === chains[0]!.table) ?? null;
  if (kube && ROLE_WORDS[kube.role]) out.push(ROLE_WORDS[kube.role]!);
  const port = kube?.owner ? ctx.model?.servicePorts.find((p) => p.name.key === kube.owner) : undefined;
  if (port) out.push(describePort(port));
  const policy = ctx.model?.policies.find((p) => p.chain === name);
  if (policy && policy.targets.length > 0) {
    out.push(
      policy.targets
        .map(
          (t) =>
            `- ${md(t.sep)} → ${md(t.endpoint ?? '?')}: ${t.condition === 'affinity' ? 'affinity (remembered clients)' : pct(t.share)}`,
        )
        .join('\n'),
    );
  }
  const ep = ctx.model?.endpoints.find((e) => e.chain === name);
  if (ep?.endpoint) {
    const pod = podOf(ctx.kubectl, ep.ip);
    out.push(`Endpoint **${md(ep.endpoint)}**${pod ? ` (pod ${md(pod)})` : ''}`);
  }
  for (const c of chains) {
    const where = c.origin === 'declared' ? `declared on line ${c.line}` : `${md(c.origin)} (no declaration)`;
    const policyText = c.policy ? `, policy ${md(c.policy)}` : '';
    out.push(
      `${md(c.table)} table: ${c.rules.length} rule${c.rules.length === 1 ? '' : 's'}${policyText}, ${where}`,
    );
  }
  return out;
}
