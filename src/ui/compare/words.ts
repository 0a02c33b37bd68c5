import { formatProbability, type OutcomeSummary, type ServiceDifference } from '../../core/compare';
import type { Translate } from '../../i18n';

/**
 * A comparison's differences in the UI's language: the same facts as core/compare's English
 * `message`, from its data (address, origin, each dump's outcomes).
 */

function outcomeWords(o: OutcomeSummary, tr: Translate): string {
  const parts: string[] = [];
  if (o.dnat !== null) parts.push(`DNAT ${o.dnat}`);
  if (o.masquerade) parts.push(tr('compare.masqueraded'));
  parts.push(o.verdict);
  return `${parts.join(', ')} ${formatProbability(o.probability)}`;
}

function outcomesWords(list: readonly OutcomeSummary[], tr: Translate): string {
  return list.length === 0 ? tr('compare.noOutcome') : list.map((o) => outcomeWords(o, tr)).join(' · ');
}

/** One difference of a Service port, in words. */
export function differenceWords(d: ServiceDifference, tr: Translate): string {
  if (d.kind === 'only-in') {
    const [here, there] = d.side === 'a' ? ['A', 'B'] : ['B', 'A'];
    return tr('compare.onlyIn', { here, there });
  }
  const { target } = d;
  return tr('compare.probe', {
    kind: tr(`compare.kind.${target.kind}`),
    address: `${target.ip}:${target.port}/${target.proto}`,
    origin: tr(`compare.origin.${d.origin}`),
    a: outcomesWords(d.a, tr),
    b: outcomesWords(d.b, tr),
  });
}
