import './trace.css';
import { cloneElement, type FormEvent, type ReactElement, useEffect, useId } from 'react';
import type { Origin } from '../../core/trace';
import type { MessageKey } from '../../i18n';
import { useAppState, useAppStore } from '../../state/context';
import type { PacketForm } from '../../state/packetForm';
import { useT } from '../useT';
import { ServiceFinder } from './ServiceFinder';
import { ThisNodeSelect, useHasNodes } from './ThisNodeSelect';

const ORIGINS: readonly { value: Origin; text: MessageKey }[] = [
  { value: 'pod', text: 'packet.origin.pod' },
  { value: 'host', text: 'packet.origin.host' },
  { value: 'external', text: 'packet.origin.external' },
];

/**
 * A visible label tied to its control by id (not by wrapping: a wrapping label's text would take in
 * a select's option texts).
 */
function Field({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactElement<{ id?: string }>;
}) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id })}
    </div>
  );
}

/**
 * The packet to send: "Find a Service" (which aims the fields below at a Service), origin,
 * addresses, port, protocol, node IP, and the Send button. Every control has a visible label. Re-traces at once when the rules change (what-if editing).
 */
export function PacketPanel() {
  const store = useAppStore();
  const form = useAppState((s) => s.packetForm);
  const formError = useAppState((s) => s.formError);
  const rulesetVersion = useAppState((s) => s.rulesetVersion);
  const setField = useAppState((s) => s.setPacketField);
  const hasNodes = useHasNodes();
  const tr = useT();

  useEffect(() => {
    if (rulesetVersion > 0) void store.getState().retrace();
  }, [store, rulesetVersion]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    store.getState().send();
  };

  return (
    <form className="packet-panel" aria-label={tr('packet.form')} onSubmit={onSubmit}>
      <h2>{tr('packet.title')}</h2>
      <div className="packet-fields">
        <ServiceFinder />
        <Field label={tr('packet.origin')}>
          <select value={form.origin} onChange={(e) => setField('origin', e.target.value as Origin)}>
            {ORIGINS.map((o) => (
              <option key={o.value} value={o.value}>
                {tr(o.text)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={tr('packet.src')}>
          <input value={form.src} onChange={(e) => setField('src', e.target.value)} spellCheck={false} />
        </Field>
        <Field label={tr('packet.dst')}>
          <input value={form.dst} onChange={(e) => setField('dst', e.target.value)} spellCheck={false} />
        </Field>
        <Field label={tr('packet.dport')}>
          <input
            value={form.proto === 'icmp' ? '' : form.dport}
            inputMode="numeric"
            onChange={(e) => setField('dport', e.target.value)}
            spellCheck={false}
            disabled={form.proto === 'icmp'}
            placeholder={form.proto === 'icmp' ? tr('packet.noPorts') : undefined}
          />
        </Field>
        <Field label={tr('packet.proto')}>
          <select
            value={form.proto}
            onChange={(e) => setField('proto', e.target.value as PacketForm['proto'])}
          >
            <option value="tcp">tcp</option>
            <option value="udp">udp</option>
            <option value="sctp">sctp</option>
            <option value="icmp">{tr('packet.icmp')}</option>
          </select>
        </Field>
        <Field label={tr('packet.nodeIp')}>
          <input
            value={form.nodeIp}
            onChange={(e) => setField('nodeIp', e.target.value)}
            spellCheck={false}
          />
        </Field>
      </div>
      <div className="packet-actions">
        <button type="submit" className="primary">
          {tr('packet.send')}
        </button>
        {/* Beside Send, not a row of its own: at 1280×720 a row more pushed Send below the fold. */}
        {hasNodes && (
          <Field label={tr('thisNode.label')} className="this-node">
            <ThisNodeSelect />
          </Field>
        )}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
      </div>
    </form>
  );
}
