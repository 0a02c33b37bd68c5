import type { Outcome, Packet, PathStep } from '../../core/trace';
import type { CliDiagnostic } from '../json';
import { formatDiagnostics, type SourceFiles } from './diagnostics';
import { formatTable, plural } from './table';

/** One outcome with its path in words (core/view describePath: the words the app shows). */
export interface DescribedOutcome {
  readonly outcome: Outcome;
  readonly steps: readonly { readonly step: PathStep; readonly words: string }[];
}

export interface TraceSummary {
  readonly packet: Packet;
  readonly outcomes: readonly DescribedOutcome[];
  readonly assumptions: Outcome['assumptions'];
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
export function verdictWords(o: Outcome): string {
  const parts = [o.delivery === null ? o.verdict : `${o.verdict}, ${DELIVERY_WORDS[o.delivery]}`];
  parts.push(o.dnat === null ? 'no DNAT' : `DNAT to ${o.dnat}`);
  if (o.masquerade) parts.push(o.snat === null ? 'source masqueraded' : `source NATed to ${o.snat}`);
  return parts.join('; ');
}

/** `TCP 10.96.0.10:53 → 10.244.0.2:53 (Masq). rr (round robin): …`. */
function ipvsWords(h: NonNullable<Outcome['ipvs']>): string {
  const to = h.server === null ? '' : ` → ${h.server} (${h.forward ?? 'Masq'})`;
  const head = h.service === null ? '' : `${h.service}${to}. `;
  return `${head}${h.scheduling}${h.persistence === null ? '' : ` ${h.persistence}`}`;
}

function stepLine(s: DescribedOutcome['steps'][number], index: number): string {
  const where = `${s.step.table} ${s.step.chain}`;
  const line = s.step.line > 0 ? ` (line ${s.step.line})` : '';
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
  out += `${plural(t.outcomes.length, 'outcome')}:\n`;
  t.outcomes.forEach(({ outcome, steps }, i) => {
    out += `\n  ${i + 1}. ${percent(outcome.probability)}  ${verdictWords(outcome)}\n`;
    out += steps.map(stepLine).join('');
    if (outcome.ipvs !== undefined)
      out += `       IPVS, after ${outcome.ipvs.hook}: ${ipvsWords(outcome.ipvs)}\n`;
  });
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
