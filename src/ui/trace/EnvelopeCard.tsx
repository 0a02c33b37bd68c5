import './envelope.css';
import { useT } from '../useT';
import { useEnvelope } from './useEnvelope';

/**
 * A small card on the packet marker in the graph: where the packet is going, its kube-proxy mark
 * and NAT state, the headers this step changed highlighted. Hidden from screen readers: the node
 * has its own name and PacketEnvelope says the same in full.
 */
export function EnvelopeCard() {
  const view = useEnvelope();
  const tr = useT();
  if (!view) return null;
  const row = (f: string) => view.rows.find((r) => r.field === f);
  const src = row('src');
  const dst = row('dst');
  const mark = row('mark');
  const ct = row('ct');
  const cls = (r: typeof src) => (r && r.before !== null ? 'env-card-item env-changed' : 'env-card-item');
  const packet = view.step.packet;
  return (
    <div className="env-card nodrag nopan" aria-hidden="true">
      <div>
        <span className={cls(src)}>{src?.value}</span> → <span className={cls(dst)}>{dst?.value}</span>
      </div>
      {(packet?.mark !== 0 || packet?.dnat || packet?.snat) && (
        <div>
          {packet?.mark !== 0 && <span className={cls(mark)}>{mark?.value}</span>}
          {(packet?.dnat || packet?.snat) && (
            <span className={cls(ct)}>
              {[packet.dnat ? tr('env.dnatted') : '', packet.snat ? tr('env.snatted') : '']
                .filter(Boolean)
                .join(tr('env.listSep'))}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
