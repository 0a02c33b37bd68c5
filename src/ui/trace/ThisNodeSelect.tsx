import { useMemo } from 'react';
import { nodeNamesOf } from '../../core/view';
import { useAppState } from '../../state/context';
import { useT } from '../useT';
import { useDetectedNode, usePlaces } from './hooks';

/**
 * "This node": the node whose dump this is, for the words of Local traffic policies. The first
 * option detects it (a pasted pod on the node IP: core/view detectThisNode) and says what it found;
 * the others are the nodes the pasted pods and endpoints name. Shown only where it matters (useHasNodes).
 */
export function ThisNodeSelect({ id }: { id?: string }) {
  const tr = useT();
  const places = usePlaces();
  const nodes = useMemo(() => nodeNamesOf(places), [places]);
  const detected = useDetectedNode();
  const picked = useAppState((s) => s.thisNode);
  const setThisNode = useAppState((s) => s.setThisNode);
  return (
    <select
      id={id}
      value={picked ?? ''}
      title={tr('thisNode.hint')}
      onChange={(e) => setThisNode(e.target.value === '' ? null : e.target.value)}
    >
      <option value="">
        {detected ? tr('thisNode.detected', { node: detected }) : tr('thisNode.unknown')}
      </option>
      {[...nodes, ...(picked && !nodes.includes(picked) ? [picked] : [])].map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );
}

/**
 * True when the select has something to offer and something to change: kubectl names a node, and
 * the dump has a Local traffic policy (a KUBE-SVL or KUBE-XLB chain) or a node was already picked.
 */
export function useHasNodes(): boolean {
  const places = usePlaces();
  const groups = useAppState((s) => s.groups);
  const picked = useAppState((s) => s.thisNode);
  return useMemo(
    () =>
      Object.keys(places.nodes).length > 0 &&
      (picked !== null || groups.some((g) => g.chains.some((c) => /^KUBE-(SVL|XLB)-/.test(c)))),
    [places, groups, picked],
  );
}
