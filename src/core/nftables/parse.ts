import type { Diagnostic } from '../text';
import type { NftDocument } from './ast';
import { checkDocument } from './check';
import { looksLikeJson, readTop } from './commands';
import { readJson } from './json';
import { Reader } from './reader';
import { Builder } from './state';

/**
 * Reads an nftables ruleset in any of its three forms — `nft list ruleset` / `nft list table`
 * text (also `nft -a` handles), `nft -j list ruleset` JSON, and `nft -f` / knftables transactions —
 * into one `NftDocument`. Never throws: every problem is a diagnostic with a stable code
 * (codes.ts) and a span, and reading goes on. A truncated listing keeps what was read.
 */
export function parseNftables(input: string): { result: NftDocument; diagnostics: Diagnostic[] } {
  const text = typeof input === 'string' ? input : String(input);
  if (looksLikeJson(text)) return readJson(text);
  const r = new Reader(text);
  if (r.t.binaryAt >= 0)
    r.diag(
      'nftables/binary-data',
      'NUL or control characters: this part is not text.',
      r.t.binaryAt,
      r.t.binaryAt + 1,
    );
  const b = new Builder();
  const top = { transaction: false };
  readTop(r, b, top);
  const tables = checkDocument(b.finish(), r.sink);
  return {
    result: {
      form: top.transaction ? 'transaction' : 'listing',
      tables,
      commands: b.commands,
      version: null,
    },
    diagnostics: r.sink.list,
  };
}
