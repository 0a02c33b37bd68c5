import './envelope.css';
import { useT } from '../useT';
import { changeSentences } from './envelopeFields';
import { useEnvelope } from './useEnvelope';

/**
 * The packet envelope (Packet Tracer's PDU view): the headers as the rule at the playhead leaves
 * them — addresses and ports, protocol, skb mark (kube-proxy's 0x4000 / 0x8000 bits in words),
 * conntrack state and NAT bits — with what this step changed highlighted and said in words.
 * No props: it follows the store's outcome and playhead.
 */
export function PacketEnvelope() {
  const view = useEnvelope();
  const tr = useT();
  if (!view) return null;
  const { step, rows } = view;
  const changes = changeSentences(rows, tr);
  return (
    <section className="packet-envelope" aria-label={tr('env.title')}>
      <h2>{tr('env.title')}</h2>
      <p className="envelope-at">
        {tr('env.at', {
          n: view.index + 1,
          total: view.total,
          table: step.table,
          chain: step.chain,
          hook: step.hook,
        })}
      </p>
      <table className="envelope-table">
        <thead>
          <tr>
            <th scope="col">{tr('env.field')}</th>
            <th scope="col">{tr('env.value')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.field} className={r.before === null ? undefined : 'env-changed'} data-field={r.field}>
              <th scope="row">{tr(`env.${r.field}`)}</th>
              <td>
                {r.before !== null && (
                  <>
                    <del className="env-before">{r.before}</del>
                    <span aria-hidden="true"> → </span>
                  </>
                )}
                <span className="env-value">{r.value}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="envelope-changes">
        {changes.length > 0 ? changes.join(tr('env.sentenceSep')) : tr('env.unchanged')}
      </p>
    </section>
  );
}
