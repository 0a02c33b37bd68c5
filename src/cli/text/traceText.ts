import { type ChainAuthorId, chainAuthorName } from '../../core/kubeproxy';
import type { Outcome, Packet, PathStep, StandardTrace } from '../../core/trace';
import type { CliDiagnostic } from '../json';
import { formatDiagnostics, type SourceFiles } from './diagnostics';
import { formatTable, plural } from './table';

/** One outcome with its path in words (core/view describePath: the words the app shows). */
export interface DescribedOutcome {
  readonly outcome: Outcome;
  readonly steps: readonly {
    readonly step: PathStep;
    readonly words: string;
    /** Who wrote the step's rule (core/kubeproxy chainAuthors), when known. */
    readonly author?: ChainAuthorId | null;
  }[];
  /** Other writers acting on the packet (core/view describePathAuthors), in words. */
  readonly authors?: readonly string[];
  /** The DNAT endpoint in words with its pod and node (`--kubectl`), over `outcome.dnat`. */
  readonly dnat?: string;
}

export interface TraceSummary {
  readonly packet: Packet;
  readonly outcomes: readonly DescribedOutcome[];
  readonly assumptions: Outcome['assumptions'];
  /** The outcomes with kube-proxy's cut rules assumed (a grep'ed excerpt). */
  readonly standard?: StandardTrace;
  /** `--connections`: endpoint → connections that reached it (`<none>` = not DNATed). */
  readonly endpointCounts?: Readonly<Record<string, number>>;
  readonly diagnostics: readonly CliDiagnostic[];
  /** kube-proxy's IPVS mode recognised in the rules (a sentence), said first; null or absent: not. */
  readonly ipvsMode?: string | null;
}

const ORIGIN_WORDS: Record<Packet['origin'], string> = {
  pod: 'from a pod',
  host: 'from the node itself',
  external: 'from a client outside the cluster',
};

const DELIVERY_WORDS: Record<NonNullable<Outcome['delivery']>, string> = {
  local: 'to a process on this node',
  forward: 'forwarded',
  out: 'out of the node',
};

const withPort = (ip: string, port: number | null) =>
  port === null ? ip : ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;

/** `TCP 10.0.0.2:40000 → 172.30.0.44:80 from a pod`. */
export function packetWords(p: Packet): string {
  return `${p.proto.toUpperCase()} ${withPort(p.src, p.sport)} → ${withPort(p.dst, p.dport)} ${ORIGIN_WORDS[p.origin]}`;
}

/** `33.3%` (one decimal), `<0.1%` for a share too small to round to one. */
export function percent(p: number): string {
  const text = (Math.round(p * 1000) / 10).toFixed(1);
  return text === '0.0' && p > 0 ? '<0.1%' : `${text}%`;
}

/** `ACCEPT, forwarded; DNAT to 10.180.0.4:80; source masqueraded`. */
export function verdictWords(o: Outcome, dnat: string | null = o.dnat): string {
  const parts = [o.delivery === null ? o.verdict : `${o.verdict}, ${DELIVERY_WORDS[o.delivery]}`];
  parts.push(dnat === null ? 'no DNAT' : `DNAT to ${dnat}`);
  if (o.masquerade) parts.push(o.snat === null ? 'source masqueraded' : `source NATed to ${o.snat}`);
  return parts.join('; ');
}

/** The second answer: which kube-proxy rules were assumed, and the outcomes with them. */
function standardText(s: StandardTrace): string {
  let out = "\nIf kube-proxy's cut rules are there (assumed, not in the text):\n";
  for (const a of s.assumed) for (const r of a.rules) out += `    ${r}\n`;
  out += `  then ${plural(s.outcomes.length, 'outcome')}:\n`;
  s.outcomes.forEach((o, i) => {
    out += `  ${i + 1}. ${percent(o.probability)}  ${verdictWords(o)}\n`;
  });
  return out;
}

/** `TCP 10.96.0.10:53 → 10.244.0.2:53 (Masq). rr (round robin): …`. */
function ipvsWords(h: NonNullable<Outcome['ipvs']>): string {
  const to = h.server === null ? '' : ` → ${h.server} (${h.forward ?? 'Masq'})`;
  const head = h.service === null ? '' : `${h.service}${to}. `;
  return `${head}${h.scheduling}${h.persistence === null ? '' : ` ${h.persistence}`}`;
}

function stepLine(s: DescribedOutcome['steps'][number], index: number): string {
  const by = s.author && s.author !== 'kube-proxy' ? ` [${chainAuthorName(s.author)}]` : '';
  const where = `${s.step.table} ${s.step.chain}${by}`;
  const line = s.step.line !== null ? ` (line ${s.step.line})` : '';
  return `     ${String(index + 1).padStart(2)}. ${where}${line}: ${s.words}\n`;
}

/**
 * `cli trace` for a terminal: the packet, then each outcome with its probability, verdict and
 * DNAT and its path step by step in words, the assumptions made, the sampled endpoint counts
 * (`--connections`) and the diagnostics.
 */
export function formatTrace(t: TraceSummary, files: SourceFiles): string {
  let out = t.ipvsMode ? `${t.ipvsMode}\n` : '';
  out += `Packet: ${packetWords(t.packet)}\n`;
  // Said before any outcome: a kube-proxy replacement (eBPF) is not traced (core/trace/replaced.ts).
  for (const a of t.assumptions) if (a.code === 'trace/kube-proxy-replaced') out += `Note: ${a.message}\n`;
  out += `${t.standard ? 'As pasted: ' : ''}${plural(t.outcomes.length, 'outcome')}:\n`;
  t.outcomes.forEach(({ outcome, steps, dnat, authors }, i) => {
    out += `\n  ${i + 1}. ${percent(outcome.probability)}  ${verdictWords(outcome, dnat ?? outcome.dnat)}\n`;
    for (const a of authors ?? []) out += `     ↳ ${a}\n`;
    out += steps.map(stepLine).join('');
    if (outcome.ipvs !== undefined)
      out += `       IPVS, after ${outcome.ipvs.hook}: ${ipvsWords(outcome.ipvs)}\n`;
  });
  if (t.standard) out += standardText(t.standard);
  if (t.assumptions.length > 0) {
    out += '\nAssumed:\n';
    for (const a of t.assumptions) out += `  - ${a.message}${a.line === null ? '' : ` (line ${a.line})`}\n`;
  }
  if (t.endpointCounts !== undefined) {
    const counts = Object.entries(t.endpointCounts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const total = counts.reduce((n, [, c]) => n + c, 0);
    out += `\nSampled ${plural(total, 'connection')}:\n`;
    out += formatTable(
      ['ENDPOINT', 'CONNECTIONS', 'SHARE'],
      counts.map(([endpoint, n]) => [
        endpoint === '<none>' ? '(not DNATed)' : endpoint,
        n,
        percent(n / total),
      ]),
    ).replace(/^(?=.)/gm, '  ');
  }
  return `${out}\n${formatDiagnostics(t.diagnostics, files)}`;
}
