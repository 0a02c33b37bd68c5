import { parseIptablesSave } from '../../core/iptables';
import { parseKubectl } from '../../core/kubectl';
import { analyzeKubeProxy } from '../../core/kubeproxy';
import { lowerToRuleset } from '../../core/lower';

/** The iptables and kubectl texts cut down to the Service ports a traced path goes through. */
export interface PathServicesResult {
  readonly iptables: string;
  readonly kubectl: string;
  /** Keys of the Service ports kept (`ns/svc:port`). */
  readonly servicePorts: readonly string[];
}

/**
 * Keeps the rules a traced path needs and drops other Services: every chain on the path
 * (`pathChainNames`: chains run and jump targets), every chain owned by a Service port on the path
 * (all its KUBE-SVC/SVL/EXT/FW/XLB/SEP chains, so every endpoint's probability survives), chains
 * those jump to (KUBE-MARK-MASQ …), and the built-in chains. A rule survives when its chain is kept
 * and its target is not a dropped chain — so the text stays valid: declarations of kept chains only,
 * `*table` and `COMMIT` lines as they were. Other lines (comments, restore commands) are kept.
 * The kubectl text keeps headers and the lines of the kept Services (JSON/YAML is kept whole).
 * Works on the user's own lines (no re-printing). Never throws on input it can parse at all.
 */
export function keepPathServices(
  iptables: string,
  kubectl: string,
  pathChainNames: readonly string[],
): PathServicesResult {
  // The Ruleset lives in the analysis worker; this runs only on demand (a long link), so the
  // chain owners are recomputed here from the same texts with the same core functions.
  const doc = parseIptablesSave(iptables).result;
  const model = analyzeKubeProxy(
    lowerToRuleset(doc).result,
    kubectl.trim() === '' ? undefined : parseKubectl(kubectl).result,
  ).result;
  const onPath = new Set(pathChainNames);
  const owners = new Set<string>();
  for (const c of model.chains) if (c.owner && onPath.has(c.name)) owners.add(c.owner);
  const keep = new Set<string>(onPath);
  for (const c of model.chains) if (c.owner && owners.has(c.owner)) keep.add(c.name);

  // Close over jumps out of Service chains (KUBE-MARK-MASQ, KUBE-MARK-DROP): they run for endpoints
  // the path did not take as well.
  const owned = new Set(model.chains.filter((c) => c.owner && owners.has(c.owner)).map((c) => c.name));
  for (const t of doc.tables)
    for (const r of t.rules) if (owned.has(r.chain) && r.target) keep.add(r.target.name);

  const drop = new Set<number>();
  for (const t of doc.tables) {
    const user = new Set(t.chains.filter((c) => c.policy === null).map((c) => c.name));
    const kept = (name: string) => !user.has(name) || keep.has(name);
    for (const c of t.chains) if (!kept(c.name)) drop.add(c.line);
    for (const r of t.rules) {
      if (!kept(r.chain) || (r.target && !kept(r.target.name))) drop.add(r.line);
    }
  }
  const lines = iptables.split('\n');
  const out = lines.filter((_, i) => !drop.has(i + 1)).join('\n');

  const names = [...owners]
    .map((key) => model.servicePorts.find((p) => p.name.key === key)?.name)
    .filter((n) => n !== undefined);
  return {
    iptables: out,
    kubectl: filterKubectl(
      kubectl,
      names.map((n) => ({ namespace: n.namespace, service: n.service })),
    ),
    servicePorts: [...owners].sort(),
  };
}

/** Table output only: headers, blank lines and the rows naming a kept Service (in its namespace when shown). */
function filterKubectl(text: string, services: readonly { namespace: string; service: string }[]): string {
  const t = text.trimStart();
  if (t.startsWith('{') || t.startsWith('[') || /^\s*(apiVersion|kind|items):/m.test(text)) return text;
  let namespaced = false;
  return text
    .split('\n')
    .filter((line) => {
      if (line.trim() === '') return true;
      if (/^(NAMESPACE|NAME)\s/.test(line)) {
        namespaced = line.startsWith('NAMESPACE');
        return true;
      }
      const cells = line.trim().split(/\s+/);
      const name = namespaced ? cells[1] : cells[0];
      const bare = name?.replace(/^[a-z.]+\//, '');
      return services.some((s) => s.service === bare && (!namespaced || cells[0] === s.namespace));
    })
    .join('\n');
}
