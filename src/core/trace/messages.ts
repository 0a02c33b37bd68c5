/**
 * Every word the tracer shows a user, keyed by message id, with `{name}` parameters. One table per
 * language (a later issue adds Chinese: add a table with the same ids).
 */
export type Lang = 'en';

export const MESSAGES = {
  en: {
    'cond.proto-to': 'matches {proto} to {dst}',
    'cond.proto': 'matches {proto}',
    'cond.src': 'from {cidr}',
    'cond.not-src': 'not from {cidr}',
    'cond.dst': 'to {cidr}',
    'cond.not-dst': 'not to {cidr}',
    'cond.in': 'arriving on {iface}',
    'cond.out': 'leaving by {iface}',
    'cond.probability': 'with probability {pct}',
    'cond.nth': 'every {every}th packet',
    'cond.local-dst': 'to a {neg}{types} address',
    'cond.local-src': 'from a {neg}{types} address',
    'cond.mark': 'if the mark has {value}/{mask}',
    'cond.not-mark': 'unless the mark has {value}/{mask}',
    'cond.ctstate': 'if the connection is {states}',
    'cond.not-ctstate': 'unless the connection is {states}',
    'cond.recent-set': 'remembering the client in {list}',
    'cond.recent-check': 'if {list} saw the client within {seconds}',
    'cond.opaque': '{summary} (assumed)',
    'target.jump': 'jump to {chain}',
    'target.goto': 'go to {chain}',
    'target.return': 'return to the calling chain',
    'target.accept': 'accept',
    'target.drop': 'drop',
    'target.reject': 'reject',
    'target.queue': 'queue to userspace',
    'target.dnat': 'DNAT to {endpoint}',
    'target.snat': 'SNAT to {address}',
    'target.masquerade': "masquerade (source rewritten to the node's address)",
    'target.mark-masq': 'mark for masquerade ({mark})',
    'target.mark-drop': 'mark for drop ({mark})',
    'target.mark': 'set mark {mark}',
    'target.log': '{name} (logs and continues)',
    'target.other': '{name}',
    'target.none': 'count it and continue',
    policy: 'end of {chain}: policy {policy}',
    arrow: '{conditions} → {action}',
    'any-seconds': 'any time',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type MessageId = keyof (typeof MESSAGES)['en'];

/** The text of a message with its parameters filled in (unknown parameters stay as `{name}`). */
export function message(
  id: MessageId,
  params: Readonly<Record<string, string | number>> = {},
  lang: Lang = 'en',
): string {
  return MESSAGES[lang][id].replace(/\{(\w+)\}/g, (all, name: string) =>
    params[name] === undefined ? all : String(params[name]),
  );
}
