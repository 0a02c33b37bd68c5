import type { Outcome } from '../../core/trace';
import { NO_PLACES, type PodPlaces } from '../../core/view';
import { type Translate, translator } from '../../i18n';
import { useT } from '../useT';
import { useAuthorNotes, usePlaces } from './hooks';
import { endpointText } from './placeText';

/** Cilium's eBPF kube-proxy replacement (trace/replaced.ts): said before anything else. */
const replaced = (o: Outcome) => o.assumptions.some((a) => a.code === 'trace/kube-proxy-replaced');

const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** What happened to the connection, in words; `tone` drives the colour (red, orange, blue, green). */
function verdictWords(
  o: Outcome,
  tr: Translate = translator('en'),
  places: PodPlaces = NO_PLACES,
): {
  tone: 'drop' | 'reject' | 'dnat' | 'accept';
  title: string;
  detail: string[];
} {
  const detail: string[] = [];
  const ipvs = o.ipvs;
  if (ipvs !== undefined) {
    // What IPVS did: the real server and its share, or why none (issue 12).
    if (ipvs.service !== null && ipvs.server !== null)
      detail.push(
        ipvs.share === null
          ? tr('verdict.ipvsShareUnknown', { service: ipvs.service, server: ipvs.server })
          : tr('verdict.ipvs', { service: ipvs.service, server: ipvs.server, share: pct.format(ipvs.share) }),
      );
    else detail.push(ipvs.scheduling);
  }
  const noEndpoints =
    o.path.some((s) => s.verdict === 'REJECT') ||
    (ipvs !== undefined && ipvs.server === null && ipvs.service !== null);
  if (o.verdict === 'DROP') return { tone: 'drop', title: tr('verdict.dropped'), detail };
  if (o.verdict === 'REJECT') {
    return {
      tone: 'reject',
      title: noEndpoints ? tr('verdict.rejectedNoEndpoints') : tr('verdict.rejected'),
      detail,
    };
  }
  const endpoint = o.dnat ? endpointText(o.dnat, places, tr) : null;
  if (endpoint) detail.push(tr('verdict.dnat', { endpoint }));
  // On an IPVS node "no Service rule matched" would be wrong: the IPVS line above says why.
  else if (ipvs === undefined) detail.push(tr(replaced(o) ? 'verdict.noDnatReplaced' : 'verdict.noDnat'));
  if (o.masquerade) detail.push(tr('verdict.masquerade', { address: o.snat ?? tr('verdict.nodeAddress') }));
  if (o.delivery === 'local') detail.push(tr('verdict.local'));
  else if (o.delivery === 'forward') detail.push(tr('verdict.forward'));
  else if (o.delivery === 'out') detail.push(tr('verdict.out'));
  return {
    tone: o.dnat ? 'dnat' : 'accept',
    title: endpoint ? tr('verdict.acceptedTo', { endpoint }) : tr('verdict.accepted'),
    detail,
  };
}

/** The verdict banner: colour plus words, never colour alone. */
export function Verdict({ outcome }: { outcome: Outcome }) {
  const tr = useT();
  const v = verdictWords(outcome, tr, usePlaces());
  const notes = useAuthorNotes(outcome);
  const masqLine = outcome.masquerade
    ? tr('verdict.masquerade', { address: outcome.snat ?? tr('verdict.nodeAddress') })
    : null;
  return (
    <div
      className={`verdict verdict-${v.tone}${outcome.masquerade ? ' verdict-masq' : ''}`}
      role="status"
      aria-label={tr('verdict.label')}
    >
      {replaced(outcome) && <p className="verdict-replaced">{tr('verdict.replaced')}</p>}
      <strong>{v.title}</strong>
      {v.detail.map((d) => (
        <p key={d} className={d === masqLine ? 'verdict-masq-line' : undefined}>
          {d}
        </p>
      ))}
      {notes.length > 0 && (
        <ul className="verdict-authors" aria-label={tr('verdict.authors')}>
          {notes.map((n) => (
            <li key={n.text}>{n.text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
