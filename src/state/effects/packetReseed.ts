import { type PacketForm, seedForm } from '../packetForm';
import type { AppStore } from '../store';

/**
 * When the user's dump replaced the example (inputSlice `reseedPacketAt`), the first good analysis
 * of it re-seeds the packet form from the dump (core/view/suggestPacket.ts): a real Service
 * address, the node IP, a source for the origin. A trace already on screen is sent again, so the
 * path shown is the new dump's. An analysis with errors (stale) is not the new dump's: wait. A
 * form the user changed meanwhile is theirs: it is left alone. Returns the stop function.
 */
export function startPacketReseeding(store: AppStore): () => void {
  let formAtPaste: PacketForm | null = null;
  return store.subscribe((s, prev) => {
    const at = s.reseedPacketAt;
    if (at !== null && prev.reseedPacketAt !== at) formAtPaste = s.packetForm;
    if (at === null || s.status !== 'ready' || s.stale || s.analyzedVersion < at) return;
    s.packetReseeded();
    if (!s.suggestion || s.packetForm !== formAtPaste) return;
    s.setPacketForm(seedForm(s.packetForm, s.suggestion));
    if (s.traced) void store.getState().send();
  });
}
