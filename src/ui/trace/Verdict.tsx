import type { Outcome } from '../../core/trace/types';

/** What happened to the connection, in words; `tone` drives the colour (red, orange, blue, green). */
export function verdictWords(o: Outcome): {
  tone: 'drop' | 'reject' | 'dnat' | 'accept';
  title: string;
  detail: string[];
} {
  const detail: string[] = [];
  const noEndpoints = o.path.some((s) => s.verdict === 'REJECT');
  if (o.verdict === 'DROP')
    return { tone: 'drop', title: 'Dropped: the packet is discarded and the client hears nothing.', detail };
  if (o.verdict === 'REJECT') {
    return {
      tone: 'reject',
      title: noEndpoints
        ? 'Rejected: the client gets an error at once (a Service without ready endpoints is REJECTed by kube-proxy).'
        : 'Rejected: the client gets an error at once.',
      detail,
    };
  }
  if (o.dnat) detail.push(`DNAT: the destination was rewritten to ${o.dnat}.`);
  else detail.push('No DNAT: no Service rule matched this destination, so the address is used as it is.');
  if (o.masquerade) {
    detail.push(
      `Masquerade: the source is rewritten to ${o.snat ?? "the node's own address"} on the way out, so replies come back through this node.`,
    );
  }
  if (o.delivery === 'local') detail.push('Delivered to a process on this node (INPUT).');
  else if (o.delivery === 'forward') detail.push('Forwarded (FORWARD) towards its destination.');
  return {
    tone: o.dnat ? 'dnat' : 'accept',
    title: o.dnat ? `Accepted and sent to ${o.dnat}.` : 'Accepted.',
    detail,
  };
}

/** The verdict banner: colour plus words, never colour alone. */
export function Verdict({ outcome }: { outcome: Outcome }) {
  const v = verdictWords(outcome);
  return (
    <div
      className={`verdict verdict-${v.tone}${outcome.masquerade ? ' verdict-masq' : ''}`}
      role="status"
      aria-label="Verdict"
    >
      <strong>{v.title}</strong>
      {v.detail.map((d) => (
        <p key={d} className={d.startsWith('Masquerade') ? 'verdict-masq-line' : undefined}>
          {d}
        </p>
      ))}
    </div>
  );
}
