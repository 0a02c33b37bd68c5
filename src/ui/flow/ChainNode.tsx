import { Handle, type NodeProps, Position } from '@xyflow/react';
import type { NodeRole } from '../../core/graph/types';
import { type MessageKey, plural, useT } from '../../i18n';
import { EnvelopeCard } from '../trace/EnvelopeCard';
import type { FlowNode } from './derive';

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
};

function verdictClass(v: string): string {
  if (v === 'DROP' || v === 'REJECT') return 'badge badge-drop';
  if (v === 'MASQUERADE' || v === 'SNAT') return 'badge badge-masq';
  if (v === 'ACCEPT') return 'badge badge-accept';
  return 'badge';
}

/**
 * One chain (or endpoint) of the graph: role, name verbatim, what it belongs to, and badges for
 * what it does without an edge (marks for masquerade, REJECT for a Service without endpoints…).
 */
export function ChainNode({ data }: NodeProps<FlowNode>) {
  const n = data.node;
  const tr = useT();
  const classes = [
    'chain-node',
    `role-${n.role}`,
    data.onPath ? 'on-path' : '',
    data.visited ? 'visited' : '',
    data.packetHere ? `packet-here tone-${data.tone ?? 'ok'}` : '',
    data.selected ? 'is-selected' : '',
  ];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      title={n.line > 0 ? tr('node.line', { line: n.line }) : undefined}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="chain-node-role">
        {tr(ROLE_WORD[n.role])}
        {n.ruleCount > 0 ? ` · ${plural(tr, 'n.rule', n.ruleCount)}` : ''}
      </div>
      <div className="chain-node-title">{n.title}</div>
      <div className="chain-node-sub">
        {n.subtitle && <span className="chain-node-subtitle">{n.subtitle}</span>}
        {n.marks.includes('masquerade') && <span className="badge badge-masq">{tr('node.marksMasq')}</span>}
        {n.marks.includes('drop') && <span className="badge badge-drop">{tr('node.marksDrop')}</span>}
        {n.verdicts.map((v) => (
          <span key={v} className={verdictClass(v)}>
            {v}
          </span>
        ))}
        {n.hiddenEdges > 0 && <span className="badge">{tr('node.hidden', { n: n.hiddenEdges })}</span>}
      </div>
      {data.packetHere && <span className="packet-dot" aria-hidden="true" />}
      {data.packetHere && <EnvelopeCard />}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}
