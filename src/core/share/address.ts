import type { Packet } from '../trace';
import type { Scenario } from './scenario';
import { validateScenario } from './validate';

/**
 * The page address as the state (issue 9): `#<source>&<view>`. The source names what is open — a
 * link's scenario `s=<version>.<payload>` (kept as it was opened, never re-encoded) or a gallery
 * id `g=<id>` — and the view, in URLSearchParams syntax, what the screen shows of it now:
 * `step`, `to` (the endpoint animated), `present`, `lang`, `pkt` (origin,proto,src,dst,dport),
 * `node` and `rules` (the receiver opened the editors). The view is small, so following every
 * playback step costs one `replaceState`, not a re-deflate of the texts. base64url has no `&`,
 * so the split is unambiguous.
 */
export type AddressSource =
  | { readonly kind: 'link'; readonly text: string }
  | { readonly kind: 'gallery'; readonly id: string };

export interface AddressView {
  readonly step?: number;
  readonly endpoint?: string | null;
  readonly presenter?: boolean;
  readonly language?: Scenario['language'];
  readonly packet?: Packet;
  readonly nodeIp?: string;
  readonly rules?: boolean;
}

export interface PageAddressState {
  readonly source: AddressSource;
  readonly view: AddressView;
}

/** Reads `#s=…&…` / `#g=…&…`; null for any other fragment (skip links, `#packet-form`). */
export function parseAddress(hash: string): PageAddressState | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const amp = text.indexOf('&');
  const head = amp < 0 ? text : text.slice(0, amp);
  const params = new URLSearchParams(amp < 0 ? '' : text.slice(amp + 1));
  let source: AddressSource;
  if (head.startsWith('s=')) source = { kind: 'link', text: head };
  else if (head.startsWith('g=')) source = { kind: 'gallery', id: safeDecode(head.slice(2)) };
  else return null;
  return { source, view: readView(params) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function readView(p: URLSearchParams): AddressView {
  const view: { -readonly [K in keyof AddressView]: AddressView[K] } = {};
  const step = p.get('step');
  if (step !== null && /^\d{1,6}$/.test(step)) view.step = Number(step);
  if (p.has('to')) view.endpoint = p.get('to') || null;
  const present = p.get('present');
  if (present === '1' || present === '0') view.presenter = present === '1';
  const lang = p.get('lang');
  if (lang === 'en' || lang === 'zh-CN') view.language = lang;
  const pkt = p.get('pkt')?.split(',');
  if (pkt && pkt.length === 5) {
    const [origin, proto, src, dst, dport] = pkt as [string, string, string, string, string];
    const port = dport === '-' ? null : Number(dport);
    view.packet = { origin, proto, src, dst, sport: null, dport: port } as Packet;
  }
  const node = p.get('node');
  if (node) view.nodeIp = node;
  if (p.get('rules') === '1') view.rules = true;
  return view;
}

/** The fragment (with `#`) for a source and view; fields left out are not written. */
export function formatAddress(source: AddressSource, view: AddressView): string {
  const head = source.kind === 'link' ? source.text : `g=${source.id}`;
  const p = new URLSearchParams();
  if (view.step !== undefined) p.set('step', String(view.step));
  if (view.endpoint) p.set('to', view.endpoint);
  if (view.presenter !== undefined) p.set('present', view.presenter ? '1' : '0');
  if (view.language) p.set('lang', view.language);
  const k = view.packet;
  if (k) p.set('pkt', [k.origin, k.proto, k.src, k.dst, k.dport ?? '-'].join(','));
  if (view.nodeIp) p.set('node', view.nodeIp);
  if (view.rules) p.set('rules', '1');
  const rest = p.toString();
  return `#${head}${rest ? `&${rest}` : ''}`;
}

/**
 * The scenario with the address's view laid over it. The result is validated like a link's
 * scenario: a view that does not fit (a negative step, a bad packet) is ignored whole.
 */
export function applyAddressView(scenario: Scenario, view: AddressView): Scenario {
  const merged = {
    ...scenario,
    step: view.step ?? scenario.step,
    endpoint: view.endpoint === undefined ? scenario.endpoint : view.endpoint,
    language: view.language ?? scenario.language,
    packet: view.packet ?? scenario.packet,
    nodeIps: view.nodeIp
      ? [view.nodeIp, ...scenario.nodeIps.filter((ip) => ip !== view.nodeIp)]
      : scenario.nodeIps,
    view: { ...scenario.view, presenter: view.presenter ?? scenario.view.presenter },
  };
  const checked = validateScenario(merged);
  return checked.ok ? checked.scenario : scenario;
}
