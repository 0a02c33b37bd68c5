import type { Origin } from '../core/trace';
import type { PacketForm } from './packetForm';
import type { StorageLike } from './persist';

/**
 * Keeps the packet form across reloads. Wire format (stored in users' browsers): key
 * `kpe.packet.v1`, JSON of the form's six string fields. Never change it; add a `v2` key instead.
 */
export const PACKET_STORAGE_KEY = 'kpe.packet.v1';

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
