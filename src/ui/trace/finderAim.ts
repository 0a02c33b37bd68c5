import type { ServiceTarget } from '../../core/kubeproxy';
import type { FinderEntry } from '../../core/view';
import type { MessageKey, Translate } from '../../i18n';
import { aimForm } from '../../state/packetForm';
import type { AppStore } from '../../state/store';

const KIND_WORD: Record<ServiceTarget['kind'], MessageKey> = {
  clusterIP: 'packet.kind.clusterIP',
  nodePort: 'packet.kind.nodePort',
  loadBalancer: 'packet.kind.loadBalancer',
  externalIP: 'packet.kind.externalIP',
};

/** `10.104.247.10:80 TCP · cluster IP` (with the Service port's label first unless `withName` is false). */
export function entryText(e: FinderEntry, tr: Translate, withName = true): string {
  const t = e.target;
  const address = t
    ? `${t.ip === null ? t.port : t.ip.includes(':') ? `[${t.ip}]:${t.port}` : `${t.ip}:${t.port}`} ${t.proto.toUpperCase()} · ${tr(KIND_WORD[t.kind])}`
    : tr('finder.noAddress');
  return withName ? `${e.group.label ?? e.group.key} — ${address}` : address;
}

/**
 * The graph node to centre on: the Service port's own KUBE-SVC/SVL chain, else the first chain
 * of the group; a port without endpoints has only filter REJECT rules (in KUBE-SERVICES for the
 * cluster IP, KUBE-EXTERNAL-SERVICES for the rest); a kubectl-only one has nothing but the
 * nat KUBE-SERVICES dispatch it would be in.
 */
function centreNode(e: FinderEntry): string {
  const g = e.group;
  const own = g.chains.find((c) => c.startsWith('KUBE-SVC-') || c.startsWith('KUBE-SVL-')) ?? g.chains[0];
  if (own) return `nat/${own}`;
  if (g.noEndpoints && g.source === 'rules')
    return e.target?.kind === 'clusterIP' ? 'filter/KUBE-SERVICES' : 'filter/KUBE-EXTERNAL-SERVICES';
  return 'nat/KUBE-SERVICES';
}

/**
 * Choosing an entry: aims the packet form at its address, focuses a large graph on the Service
 * (the focus view draws only the Services searched for: `setSearchText` → `focusGraph`), and asks
 * the canvas to centre its chain.
 */
export function aimEntry(store: AppStore, e: FinderEntry): void {
  const s = store.getState();
  if (e.target) {
    const next = aimForm(s.packetForm, e.target, s.suggestion?.sources ?? {});
    if (next) s.setPacketForm(next);
  }
  // A search by the portProtoHash finds exactly this group (its chains end with it).
  if (s.graph?.focused) s.setSearchText(e.group.chains.length > 0 ? e.group.key : (e.group.label ?? ''));
  s.centerOn(centreNode(e));
}
