import type { L4Protocol, Origin, Packet } from '../trace';
import { MAX_NOTE_LENGTH, type Scenario } from './scenario';

/**
 * Checks untrusted JSON (a link, a file) against the current scenario shape. Strings are kept as
 * data only — the UI renders them as text, never as HTML — so validation is about shape and size,
 * not content. Returns the scenario or the path of the first bad field.
 */
export function validateScenario(
  raw: unknown,
): { ok: true; scenario: Scenario } | { ok: false; field: string } {
  if (!isRecord(raw)) return { ok: false, field: '(root)' };
  if (raw.version !== 2) return { ok: false, field: 'version' };
  if (typeof raw.iptables !== 'string') return { ok: false, field: 'iptables' };
  if (typeof raw.kubectl !== 'string') return { ok: false, field: 'kubectl' };
  const packet = raw.packet === null || raw.packet === undefined ? null : validatePacket(raw.packet);
  if (packet === undefined) return { ok: false, field: 'packet' };
  const nodeIps = raw.nodeIps ?? [];
  if (!Array.isArray(nodeIps) || !nodeIps.every((x) => typeof x === 'string' && x.length < 64))
    return { ok: false, field: 'nodeIps' };
  const endpoint = raw.endpoint ?? null;
  if (endpoint !== null && (typeof endpoint !== 'string' || endpoint.length > 64))
    return { ok: false, field: 'endpoint' };
  const step = raw.step ?? 0;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) return { ok: false, field: 'step' };
  const language = raw.language ?? 'en';
  if (language !== 'en' && language !== 'zh-CN') return { ok: false, field: 'language' };
  const view = raw.view ?? { presenter: false, focus: [] };
  if (!isRecord(view) || typeof (view.presenter ?? false) !== 'boolean') return { ok: false, field: 'view' };
  const focus = view.focus ?? [];
  if (!Array.isArray(focus) || !focus.every((x) => typeof x === 'string'))
    return { ok: false, field: 'view.focus' };
  const lesson = raw.lesson ?? null;
  if (lesson !== null && (typeof lesson !== 'string' || !LESSON_ID.test(lesson)))
    return { ok: false, field: 'lesson' };
  const note = raw.note ?? null;
  if (note !== null && (typeof note !== 'string' || note.length > MAX_NOTE_LENGTH || /[\r\n]/.test(note)))
    return { ok: false, field: 'note' };
  return {
    ok: true,
    scenario: {
      version: 2,
      iptables: raw.iptables,
      kubectl: raw.kubectl,
      packet,
      nodeIps: nodeIps as string[],
      endpoint: endpoint as string | null,
      step,
      language,
      view: { presenter: Boolean(view.presenter), focus: focus as string[] },
      lesson,
      note: note === null || note.trim() === '' ? null : note,
    },
  };
}

/** Gallery ids are kebab-case (content/types.ts); anything else is not a lesson this app has. */
const LESSON_ID = /^[a-z0-9-]{1,80}$/;

const ORIGINS: readonly Origin[] = ['pod', 'host', 'external'];
const PROTOCOLS: readonly L4Protocol[] = ['tcp', 'udp', 'sctp', 'icmp'];

function validatePacket(raw: unknown): Packet | undefined {
  if (!isRecord(raw)) return undefined;
  const { origin, src, dst, proto, sport, dport } = raw;
  if (!ORIGINS.includes(origin as Origin) || !PROTOCOLS.includes(proto as L4Protocol)) return undefined;
  if (typeof src !== 'string' || typeof dst !== 'string' || src.length > 64 || dst.length > 64)
    return undefined;
  if (!isPortOrNull(sport) || !isPortOrNull(dport)) return undefined;
  return { origin: origin as Origin, src, dst, proto: proto as L4Protocol, sport, dport };
}

function isPortOrNull(x: unknown): x is number | null {
  return x === null || (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 65535);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
