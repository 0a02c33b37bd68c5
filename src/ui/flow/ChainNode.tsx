import { Handle, type NodeProps, Position } from '@xyflow/react';
import { chainAuthorName } from '../../core/kubeproxy';
import type { NodeRole } from '../../core/view';
import { graphText, type MessageKey, plural } from '../../i18n';
import { EnvelopeCard } from '../trace/EnvelopeCard';
import { useLang, useT } from '../useT';
import { type FlowNode, verdictWords } from './derive';

/** A short word for each role, printed above the chain name (also used by the SVG export). */
export const ROLE_WORD: Record<NodeRole, MessageKey> = {
  hook: 'node.role.hook',
  services: 'node.role.services',
  external: 'node.role.external',
  service: 'node.role.service',
  endpointChain: 'node.role.endpointChain',
  endpoint: 'node.role.endpoint',
  postrouting: 'node.role.postrouting',
  other: 'node.role.other',
  verdict: 'node.role.verdict',
};

function verdictClass(v: string): string {
  if (v === 'DROP' || v === 'REJECT') return 'badge badge-drop';
  if (v === 'MASQUERADE' || v === 'SNAT') return 'badge badge-masq';
  if (v === 'ACCEPT') return 'badge badge-accept';
  return 'badge';
}

/** The final node of a traced path: the verdict, where the packet went or was stopped, the deciding rule. */
function VerdictBody({ data }: { data: FlowNode['data'] }) {
  const tr = useT();
  const v = data.node.verdict;
  if (!v) return null;
  const { to, detail } = verdictWords(v, tr);
  return (
    <>
      <div className="chain-node-role">{tr(ROLE_WORD.verdict)}</div>
      <div className={`verdict-node-title verdict-${v.verdict}`}>{v.verdict}</div>
      <div className="verdict-node-to">{to}</div>
      <div className="verdict-node-detail">{detail}</div>
    </>
  );
}

/**
 * One chain (or endpoint, or the verdict) of the graph: table and role, name verbatim, what it
 * belongs to (the DNAT target on its own line), and badges for what it does without an edge
 * (marks for masquerade, REJECT for a Service without endpoints…). Lines and fonts match
 * core/view/sizes.ts, which sized the box.
 */
export function ChainNode({ data }: NodeProps<FlowNode>) {
  const n = data.node;
  const tr = useT();
  const lang = useLang();
  const classes = [
    'chain-node',
    `role-${n.role}`,
    n.verdict ? `verdict-${n.verdict.verdict}` : '',
    data.onPath ? 'on-path' : '',
    data.visited ? 'visited' : '',
    data.packetHere ? `packet-here tone-${data.tone ?? 'ok'}` : '',
    data.selected ? 'is-selected' : '',
  ];
  const badges = n.marks.length + n.verdicts.length + (n.hiddenEdges > 0 ? 1 : 0) > 0;
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      title={n.line > 0 ? tr('node.line', { line: n.line }) : undefined}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {n.verdict ? (
        <VerdictBody data={data} />
      ) : (
        <>
          <div className="chain-node-role">
            {n.table ? `${n.table} · ` : ''}
            {tr(ROLE_WORD[n.role])}
            {n.ruleCount > 0 ? ` · ${plural(tr, 'n.rule', n.ruleCount)}` : ''}
            {n.author && <span className="chain-node-author"> · {chainAuthorName(n.author, lang)}</span>}
          </div>
          <div className="chain-node-title">{n.title}</div>
          {n.subtitle && <div className="chain-node-subtitle">{graphText(n.subtitle, tr)}</div>}
          {badges && (
            <div className="chain-node-badges">
              {n.marks.includes('masquerade') && (
                <span className="badge badge-masq">{tr('node.marksMasq')}</span>
              )}
              {n.marks.includes('drop') && <span className="badge badge-drop">{tr('node.marksDrop')}</span>}
              {n.verdicts.map((v) => (
                <span key={v} className={verdictClass(v)}>
                  {v}
                </span>
              ))}
              {n.hiddenEdges > 0 && <span className="badge">{tr('node.hidden', { n: n.hiddenEdges })}</span>}
            </div>
          )}
        </>
      )}
      {data.packetHere && <span className="packet-dot" aria-hidden="true" />}
      {data.packetHere && <EnvelopeCard />}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}
