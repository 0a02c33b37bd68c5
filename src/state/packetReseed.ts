import { type PacketForm, seedForm } from './packetForm';
import { useStore } from './store';

/**
 * When the user's dump replaced the example (inputSlice `reseedPacketAt`), the first good analysis
 * of it re-seeds the packet form from the dump (core/view/suggestPacket.ts): a real Service
 * address, the node IP, a source for the origin. A trace already on screen is sent again, so the
 * path shown is the new dump's. An analysis with errors (stale) is not the new dump's: wait. A
 * form the user changed meanwhile is theirs: it is left alone. Returns the stop function.
 */
export function startPacketReseeding(): () => void {
  let formAtPaste: PacketForm | null = null;
  return useStore.subscribe((s, prev) => {
    const at = s.reseedPacketAt;
    if (at !== null && prev.reseedPacketAt !== at) formAtPaste = s.packetForm;
    if (at === null || s.status !== 'ready' || s.stale || s.analyzedVersion < at) return;
    s.packetReseeded();
    if (!s.suggestion || s.packetForm !== formAtPaste) return;
    useStore.setState({ packetForm: seedForm(s.packetForm, s.suggestion), formError: null });
    if (s.traced) void useStore.getState().send();
  });
}
