/**
 * One paste of a kube-proxy IPVS node: `iptables-save`, `ipvsadm -Ln` and `ipset list` (or
 * `ipset save`) outputs one after another in the same text, as people paste them in issues.
 * Each reader gets the text with the other outputs' lines blanked (every character but the line
 * end turned into a space), so that lines, columns and offsets stay those of the paste: every
 * diagnostic points into the text as the user sees it.
 */
export interface NodePaste {
  readonly iptables: string;
  readonly ipvs: string;
  readonly ipset: string;
}

type Part = 'iptables' | 'ipvs' | 'ipset' | 'prompt';

// ipvsadm.c print_title / print_service_entry / print_dest lines.
const IPVS_LINE =
  /^(?:IP Virtual Server version |Prot LocalAddress:Port|\s*->\s*RemoteAddress:Port|\s*->\s*(?:\[[0-9a-fA-F:.]+\]|[\w.-]+):\S+|(?:TCP|UDP|SCTP)\s+(?:\[[0-9a-fA-F:.]+\]|[\w.-]+):\S+|FWM\s+\d+)/;
// ipset lib/session.c list fields; `create` / `add` of `ipset save`.
const IPSET_FIELD = /^(?:Name|Type|Revision|Header|Size in memory|References|Number of entries|Members):/;
const IPSET_SAVE = /^(?:create|add)\s+\S+\s+\S/;
// A shell prompt or command line naming one of the tools (`root@node:~# ipvsadm -Ln`).
const PROMPT = /^[^-*:#][^\n]*?[#$>]\s*(?:sudo\s+)?(?:ipvsadm|ipset|iptables-save|iptables|ip6tables-save)\b/;

/** Splits a combined paste; null when it holds no ipvsadm and no ipset output (plain iptables). */
export function splitNodePaste(text: string): NodePaste | null {
  const lines = text.split('\n');
  const parts: Part[] = [];
  let inMembers = false;
  let seen = false;
  for (const line of lines) {
    const bare = line.replace(/\r$/, '');
    let part: Part = 'iptables';
    if (bare.trim() === '') {
      inMembers = false;
      part = parts[parts.length - 1] ?? 'iptables';
    } else if (inMembers) part = 'ipset';
    else if (IPSET_FIELD.test(bare) || IPSET_SAVE.test(bare)) {
      part = 'ipset';
      if (bare.startsWith('Members:')) inMembers = true;
    } else if (IPVS_LINE.test(bare)) part = 'ipvs';
    else if (PROMPT.test(bare)) part = 'prompt';
    if (part === 'ipvs' || part === 'ipset') seen = true;
    parts.push(part);
  }
  if (!seen) return null;
  const keep = (want: Part) =>
    lines.map((line, k) => (parts[k] === want ? line : line.replace(/[^\r]/g, ' '))).join('\n');
  return { iptables: keep('iptables'), ipvs: keep('ipvs'), ipset: keep('ipset') };
}
