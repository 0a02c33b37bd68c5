import type { Origin } from '../../core/trace';
import type { PacketForm } from '../../state/packetForm';
import { browserStorage, type StorageLike } from '../../state/persist';
import { useStore } from '../../state/store';

/**
 * Keeps the packet form across reloads. Wire format (stored in users' browsers): key
 * `kpe.packet.v1`, JSON of the form's six string fields. Never change it; add a `v2` key instead.
 */
export const PACKET_STORAGE_KEY = 'kpe.packet.v1';

/** How long typing in the form pauses before the form is written (it is small: no need to wait long). */
const SAVE_DEBOUNCE_MS = 300;

const ORIGINS: readonly Origin[] = ['pod', 'host', 'external'];
const PROTOS: readonly PacketForm['proto'][] = ['tcp', 'udp', 'sctp', 'icmp'];

/** The saved packet form, or null when there is none or it is unreadable. Never throws. */
export function loadPacketForm(storage: StorageLike | null): PacketForm | null {
  try {
    const raw = storage?.getItem(PACKET_STORAGE_KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Record<string, unknown>;
    const strings = ['src', 'dst', 'dport', 'nodeIp'] as const;
    if (typeof d !== 'object' || d === null) return null;
    if (!ORIGINS.includes(d.origin as Origin) || !PROTOS.includes(d.proto as PacketForm['proto']))
      return null;
    if (!strings.every((k) => typeof d[k] === 'string' && (d[k] as string).length <= 64)) return null;
    return {
      origin: d.origin as Origin,
      src: d.src as string,
      dst: d.dst as string,
      dport: d.dport as string,
      proto: d.proto as PacketForm['proto'],
      nodeIp: d.nodeIp as string,
    };
  } catch {
    return null;
  }
}

/** Writes the form; returns the reason in words when the browser refuses. Never throws. */
export function savePacketForm(storage: StorageLike | null, form: PacketForm): string | null {
  if (!storage) return 'This browser does not allow local storage here.';
  try {
    storage.setItem(PACKET_STORAGE_KEY, JSON.stringify(form));
    return null;
  } catch (e) {
    const full = e instanceof Error && e.name === 'QuotaExceededError';
    return `Packet not saved in the browser: ${full ? 'storage is full.' : e instanceof Error ? e.message : String(e)}`;
  }
}

/**
 * Restores the saved packet form now, then saves it after each change. A refused write shows in
 * the input's persist status line (the same one the texts use). Returns the stop function.
 */
export function startPacketPersistence(storage: StorageLike | null = browserStorage()): () => void {
  const saved = loadPacketForm(storage);
  if (saved) useStore.setState({ packetForm: saved });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribe = useStore.subscribe((s, prev) => {
    if (s.packetForm === prev.packetForm) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const reason = savePacketForm(storage, useStore.getState().packetForm);
      if (reason) useStore.getState().setPersistStatus({ kind: 'not-saved', reason });
    }, SAVE_DEBOUNCE_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
