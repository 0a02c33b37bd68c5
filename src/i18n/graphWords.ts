import type { Translate } from './t';

/**
 * The graph's short texts (core/view/labels.ts writes them in English, in the spirit of
 * `iptables -L`) in the language on screen. Only the prose words change — `always`,
 * `otherwise`, `from`, `every Nth`, `policy` —; iptables keywords (`tcp dpt:80`, `dst-type
 * LOCAL`, `mark`), chain names, addresses and probabilities stay verbatim, as code.
 */
export function graphText(text: string, tr: Translate): string {
  const policy = /^policy (\S+)$/.exec(text);
  if (policy) return tr('graph.policy', { policy: policy[1]! });
  return text
    .replace(/^always\b/, () => tr('graph.always'))
    .replace(/^otherwise\b/, () => tr('graph.otherwise'))
    .replace(/(^| )from (?=\S)/g, (_, lead: string) => `${lead}${tr('graph.from')} `)
    .replace(/\bevery (\d+)th\b/g, (_, n: string) => tr('graph.everyNth', { n }))
    .replace(/(^|· )node (\S+)$/, (_, lead: string, node: string) => `${lead}${tr('graph.node', { node })}`);
}
