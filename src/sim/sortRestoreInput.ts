/**
 * A port of kube-proxy's test helper `sortIPTablesRules` (pkg/proxy/iptables/proxier_test.go):
 * kube-proxy walks Services in Go map order, so its unit tests sort the restore input before
 * comparing. Tables by name; chains KUBE-NODEPORTS, KUBE-SERVICES, other KUBE-* by name, then the
 * rest by name; rules grouped per chain; KUBE-NODEPORTS and KUBE-SERVICES rules stably ordered by
 * the Service name in their comment (the nat "must be the last rule" rule stays last).
 * Used to compare generated output with the upstream expectations; returns the sorted text.
 */

interface DumpTable {
  readonly name: string;
  readonly chains: string[];
  readonly rules: Map<string, string[]>;
}

function commentOf(rule: string): string | null {
  const m = / -m comment --comment ("[^"]*"|\S+)/.exec(rule);
  if (!m?.[1]) return null;
  return m[1].startsWith('"') ? m[1].slice(1, -1) : m[1];
}

/** `orderByCommentServiceName`: the comment up to its first space or colon. */
function serviceName(rule: string): string | null {
  const comment = commentOf(rule);
  if (comment === null) return null;
  const i = comment.search(/[ :]/);
  return i === -1 ? comment : comment.slice(0, i);
}

function stableSortByService(rules: string[], lastRule: (r: string) => boolean): string[] {
  const keyed = rules.map((rule, index) => ({ rule, index, name: serviceName(rule), last: lastRule(rule) }));
  keyed.sort((a, b) => {
    if (a.last !== b.last) return a.last ? 1 : -1;
    if (a.name !== null && b.name !== null && a.name !== b.name) return a.name < b.name ? -1 : 1;
    return a.index - b.index;
  });
  return keyed.map((k) => k.rule);
}

function chainRank(name: string): number {
  if (name === 'KUBE-NODEPORTS') return 0;
  if (name === 'KUBE-SERVICES') return 1;
  return name.startsWith('KUBE-') ? 2 : 3;
}

/** Sorts a restore-input text the way kube-proxy's tests do (see above). */
export function sortRestoreInput(text: string): string {
  const tables: DumpTable[] = [];
  let current: DumpTable | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('*')) {
      current = { name: line.slice(1), chains: [], rules: new Map() };
      tables.push(current);
    } else if (current && line.startsWith(':')) {
      const name = line.slice(1).split(' ')[0] ?? '';
      current.chains.push(name);
      current.rules.set(name, []);
    } else if (current && line.startsWith('-A ')) {
      const chain = line.split(' ')[1] ?? '';
      const list = current.rules.get(chain);
      if (list) list.push(line);
      else current.rules.set(chain, [line]);
    }
  }
  tables.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: string[] = [];
  for (const table of tables) {
    table.chains.sort((a, b) => chainRank(a) - chainRank(b) || (a < b ? -1 : a > b ? 1 : 0));
    out.push(`*${table.name}`);
    for (const chain of table.chains) out.push(`:${chain} - [0:0]`);
    for (const chain of table.chains) {
      let rules = table.rules.get(chain) ?? [];
      if (chain === 'KUBE-NODEPORTS') rules = stableSortByService(rules, () => false);
      if (chain === 'KUBE-SERVICES') {
        const isNat = table.name === 'nat';
        rules = stableSortByService(
          rules,
          (r) => isNat && (commentOf(r) ?? '').includes('must be the last rule'),
        );
      }
      out.push(...rules);
    }
    out.push('COMMIT');
  }
  out.push('');
  return out.join('\n');
}
