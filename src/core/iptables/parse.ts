import type { Diagnostic } from '../text';
import type { IptablesDocument } from './ast';
import { finishDocument } from './finish';
import { Parser } from './parser';

/**
 * Parses `iptables-save` / `ip6tables-save` output (also `-c` counters), kube-proxy's
 * iptables-restore input, grep'ed excerpts without headers and `iptables -S` listings.
 * Never throws: every problem is a diagnostic with a stable code (codes.ts) and a source span, and
 * parsing goes on at the next line. Recognises `iptables -L` and `nft list ruleset` text and says so.
 *
 * @returns `result`: the syntax tree (tables in order of appearance, rules with their raw text);
 *   `diagnostics`: at most 1000, in text order per kind.
 */
export function parseIptablesSave(text: string): { result: IptablesDocument; diagnostics: Diagnostic[] } {
  const parser = new Parser(typeof text === 'string' ? text : String(text));
  parser.run();
  const result = finishDocument(parser);
  return { result, diagnostics: parser.sink.list };
}
