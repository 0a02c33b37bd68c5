import './trace.css';
import './envelope.css';
import { useMemo } from 'react';
import { endpointBars, formatShare, placeOf, shareProduct } from '../../core/view';
import { useAppState, useAppStore } from '../../state/context';
import { useT } from '../useT';
import { endpointIp, usePlaces, usePodNames, useServiceLabels } from './hooks';
import { placeText } from './placeText';

function Bar({
  share,
  kind,
}: {
  share: number | null;
  kind: 'reached' | 'written' | 'effective' | 'observed';
}) {
  return (
    <span className={`bar bar-${kind}`} aria-hidden="true">
      <span className="bar-fill" style={{ width: `${Math.max(0, Math.min(1, share ?? 0)) * 100}%` }} />
    </span>
  );
}

/** `ip:port` with a line-break opportunity before the port (phones). */
function breakable(endpoint: string) {
  const colon = endpoint.lastIndexOf(':');
  if (colon <= 0) return endpoint;
  return (
    <>
      {endpoint.slice(0, colon)}
      <wbr />
      {endpoint.slice(colon)}
    </>
  );
}

/**
 * For every endpoint lottery (KUBE-SVC / KUBE-SVL) on the packet's path: per endpoint the chance a
 * connection reaches the rule, the rule's written conditional probability, their product — the
 * effective share of new connections (exact, from the tracer; "66.7% × 50.0% = 33.3%") — and the
 * share observed over simulated connections, as text and as bars. "Send 1000" simulates
 * connections in chunks so the bars fill live.
 */
export function ProbabilityBars() {
  const store = useAppStore();
  const traced = useAppState((s) => s.traced);
  const simulation = useAppState((s) => s.simulation);
  const serviceOf = useServiceLabels();
  const pods = usePodNames();
  const places = usePlaces();
  const policies = useMemo(
    () => (traced ? endpointBars(traced.rules, traced.result, simulation?.counts ?? null) : []),
    [traced, simulation],
  );
  const running = simulation?.running ?? false;
  const tr = useT();

  return (
    <section className="probability-bars" aria-label={tr('bars.region')}>
      <h2>{tr('bars.title')}</h2>
      <p className="per-connection">
        {tr('bars.perConnection1')} <strong>{tr('bars.connection')}</strong>
        {tr('bars.perConnection2')}
      </p>
      {!traced && <p className="hint">{tr('bars.hintSend')}</p>}
      {traced && policies.length === 0 && <p className="hint">{tr('bars.none')}</p>}
      {policies.map((p) => (
        <div key={p.chain} className="policy">
          <h3>
            <code>{p.chain}</code>
            {serviceOf(p.chain) ? ` — ${serviceOf(p.chain)}` : ''}
          </h3>
          {p.affinity && <p className="affinity-note">{tr('bars.affinity')}</p>}
          <table className="bars-table">
            <thead>
              <tr>
                <th scope="col">{tr('bars.endpoint')}</th>
                <th scope="col" className="col-reached">
                  {tr('bars.reached')}
                </th>
                <th scope="col">{tr('bars.written')}</th>
                <th scope="col">{tr('bars.effective')}</th>
                <th scope="col">{tr('bars.observed')}</th>
              </tr>
            </thead>
            <tbody>
              {p.rows.map((r) => {
                const place = r.endpoint ? placeOf(places, r.endpoint) : null;
                const legacy = r.endpoint ? pods.get(endpointIp(r.endpoint)) : undefined;
                // Each bar names its pod and node where kubectl does (`pod web-… on k8s-node2`).
                const pod = placeText(place, tr) ?? (legacy ? tr('place.pod', { pod: legacy }) : null);
                return (
                  <tr key={r.ruleId} className="bar-row" data-endpoint={r.endpoint ?? ''}>
                    <th scope="row">
                      <span className="bar-endpoint">{breakable(r.endpoint ?? r.sep)}</span>
                      {pod && <span className="bar-pod">{pod}</span>}
                      <span className="bar-sep">{r.sep}</span>
                    </th>
                    <td className="bar-reached col-reached">
                      <span className="bar-text">{formatShare(r.reached)}</span>
                      <Bar share={r.reached} kind="reached" />
                    </td>
                    <td className="bar-written">
                      <span className="bar-text">
                        {r.written === null ? tr('bars.rest') : formatShare(r.written)}
                      </span>
                      <Bar share={r.written ?? 1} kind="written" />
                    </td>
                    <td className="bar-effective">
                      <span className="bar-text">{formatShare(r.effective)}</span>
                      <Bar share={r.effective} kind="effective" />
                      <span className="bar-product">{shareProduct(r, tr('bars.rest'))}</span>
                    </td>
                    <td className="bar-observed">
                      <span className="bar-text">{r.observed === null ? '—' : formatShare(r.observed)}</span>
                      <Bar share={r.observed} kind="observed" />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {p.fallthrough > 0 && (
            <p className="fallthrough">{tr('bars.fallthrough', { share: formatShare(p.fallthrough) })}</p>
          )}
        </div>
      ))}
      {traced && (
        <div className="simulate">
          <button type="button" onClick={() => store.getState().sendMany(1000)} disabled={running}>
            {tr('bars.send1000')}
          </button>
          {running && (
            <button type="button" onClick={() => store.getState().cancelSimulation()}>
              {tr('bars.stop')}
            </button>
          )}
          {simulation && (
            <span className="simulate-progress" aria-live="polite">
              {tr('bars.progress', { done: simulation.done, total: simulation.total, seed: simulation.seed })}
              {running ? '…' : '.'}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
