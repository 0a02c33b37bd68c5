import type { NftFamily } from './ast';
import { readElements } from './elements';
import { resolvePriority } from './priority';
import { type Reader, T_COMMENT, T_LBRACE, T_NEWLINE, T_RBRACE, T_SEMI, T_STRING, T_WORD } from './reader';
import type { Builder, ChainState, SetState, TableState } from './state';
import { readRule } from './statements';

/**
 * The `{ … }` bodies of tables, chains and sets, as `nft list ruleset` prints them and `nft -f`
 * reads them (the same grammar: the listing is the block form of `add`). Each reader starts at the
 * opening brace and leaves `r.i` after the closing one; at the end of the text it reports the
 * opening brace as unbalanced and keeps what was read (a truncated listing).
 */

const TABLE_OBJECTS_SKIPPED = new Set([
  'flowtable',
  'counter',
  'quota',
  'ct',
  'limit',
  'secmark',
  'synproxy',
]);

function unbalanced(r: Reader, open: number, what: string): void {
  r.diagTokens(
    'nftables/unbalanced-brace',
    `The \`{\` of ${what} is never closed (truncated?): what was read is kept.`,
    open,
    open + 1,
  );
}

/** `# handle N` right after `{` (`nft -a`) belongs to the object the brace opens. */
function headerHandle(r: Reader): number | null {
  if (r.kind() !== T_COMMENT) return null;
  const h = r.handleAt(r.i);
  r.i++;
  return h;
}

export function readTableBody(r: Reader, b: Builder, table: TableState, open: number): void {
  r.i = open + 1;
  const h = headerHandle(r);
  if (h !== null) table.handle = h;
  for (;;) {
    if (r.atEnd()) {
      unbalanced(r, open, `table ${table.family} ${table.name}`);
      return;
    }
    const k = r.kind();
    if (k === T_RBRACE) {
      r.i++;
      return;
    }
    if (k === T_NEWLINE || k === T_SEMI || k === T_COMMENT) {
      r.i++;
      continue;
    }
    const a = r.i;
    const w = r.word();
    if (
      (w === 'chain' || w === 'set' || w === 'map') &&
      (r.kind(a + 1) === T_WORD || r.kind(a + 1) === T_STRING)
    ) {
      const name = r.value(a + 1);
      const sp = { start: r.start(a), end: r.end(a + 1) };
      if (r.kind(a + 2) !== T_LBRACE) {
        r.diagTokens('nftables/bad-line', `\`${w} ${name}\` without its \`{ … }\` block.`, a, a + 2);
        r.i = a + 2;
        continue;
      }
      if (w === 'chain') {
        const { chain } = b.chain(table, name, sp, r.line(sp.start), true);
        readChainBody(r, table, chain, a + 2);
      } else {
        const { set } = b.set(table, w, name, sp, r.line(sp.start), true);
        readSetBody(r, b, set, a + 2);
      }
    } else if (w === 'comment' && r.kind(a + 1) === T_STRING) {
      table.comment = r.value(a + 1);
      r.i = a + 2;
    } else if (w === 'flags' && r.kind(a + 1) === T_WORD) {
      table.flags = r.word(a + 1).split(',');
      r.i = a + 2;
    } else if (TABLE_OBJECTS_SKIPPED.has(w)) {
      let j = a + 1;
      while (j < r.t.count && r.kind(j) !== T_LBRACE && r.kind(j) !== T_NEWLINE && r.kind(j) !== T_RBRACE)
        j++;
      r.diagTokens('nftables/unknown-object', `A \`${w}\` object: not used by the tracer, skipped.`, a, j);
      r.i = r.kind(j) === T_LBRACE ? r.skipBraces(j) : j;
    } else {
      r.diagTokens(
        'nftables/bad-line',
        `"${r.t.text_(a)}" is not a chain, set, map or table property.`,
        a,
        a + 1,
      );
      r.skipLine();
    }
  }
}

/** `type T hook H [device D] priority P` at `r.i` (the `type` word). */
function readChainSpec(r: Reader, family: NftFamily, chain: ChainState): void {
  const a = r.i;
  const stop = (i: number) => {
    const k = r.kind(i);
    return i >= r.t.count || k === T_SEMI || k === T_NEWLINE || k === T_RBRACE || k === T_COMMENT;
  };
  let j = a + 1;
  const type = r.word(j++);
  let hook = '';
  let device: string | null = null;
  if (r.is('hook', j)) {
    hook = r.word(j + 1);
    j += 2;
  }
  if (r.is('device', j)) {
    device = r.value(j + 1);
    j += 2;
  }
  const words: string[] = [];
  let prioAt = -1;
  if (r.is('priority', j)) {
    prioAt = j + 1;
    j++;
    while (!stop(j) && !r.is('policy', j)) words.push(r.t.text_(j++));
  }
  r.i = j;
  if (type === '' || hook === '' || prioAt < 0 || words.length === 0) {
    r.diagTokens(
      'nftables/bad-chain-spec',
      'A base chain needs `type T hook H priority P`.',
      a,
      Math.max(a + 1, j),
    );
    return;
  }
  const resolved = resolvePriority(words, family, hook);
  if (resolved.value === null)
    r.diagTokens('nftables/bad-priority', `Priority ${resolved.reason}.`, prioAt, j);
  chain.base = {
    type,
    hook,
    device,
    priority: { raw: words.join(' '), value: resolved.value },
    policy: chain.base?.policy ?? 'accept',
  };
}

export function readChainBody(r: Reader, table: TableState, chain: ChainState, open: number): void {
  r.i = open + 1;
  const h = headerHandle(r);
  if (h !== null) chain.handle = h;
  for (;;) {
    if (r.atEnd()) {
      unbalanced(r, open, `chain ${chain.name}`);
      return;
    }
    const k = r.kind();
    if (k === T_RBRACE) {
      r.i++;
      return;
    }
    if (k === T_NEWLINE || k === T_SEMI || k === T_COMMENT) {
      r.i++;
      continue;
    }
    const a = r.i;
    const w = r.word();
    if (w === 'type') readChainSpec(r, table.family, chain);
    else if (w === 'policy' && r.kind(a + 1) === T_WORD) {
      const policy = r.word(a + 1);
      if (chain.base === null)
        r.diagTokens('nftables/bad-chain-spec', '`policy` on a chain without `type … hook …`.', a, a + 2);
      else chain.base = { ...chain.base, policy };
      r.i = a + 2;
    } else if (w === 'comment' && r.kind(a + 1) === T_STRING) {
      chain.comment = r.value(a + 1);
      r.i = a + 2;
    } else if (w === 'devices' && r.is('=', a + 1) && r.kind(a + 2) === T_LBRACE) {
      r.i = a + 2;
      const devs = readElements(r, r.t.count, 1);
      if (chain.base !== null) chain.base = { ...chain.base, device: devs.map((d) => d.key[0]).join(',') };
    } else if (w === 'flags' && r.kind(a + 1) === T_WORD) r.i = a + 2;
    else chain.rules.push(readRuleLine(r, a));
  }
}

/** One rule from `first` to the end of its line (or `;` or the chain's `}`); `# handle N` kept. */
export function readRuleLine(r: Reader, first: number) {
  const { end, unclosed } = r.lineEnd(first, true);
  if (unclosed >= 0)
    r.diagTokens(
      'nftables/unbalanced-brace',
      'This `{` is never closed: the rule ends at its line.',
      unclosed,
      unclosed + 1,
    );
  let ruleEnd = end;
  let handleAt = -1;
  while (ruleEnd > first && r.kind(ruleEnd - 1) === T_COMMENT) {
    handleAt = ruleEnd - 1;
    ruleEnd--;
  }
  r.i = first;
  const rule = readRule(r, ruleEnd, first, handleAt);
  r.i = end;
  return rule;
}

/** Words up to `;`, newline or `}` from `r.i`, as written (`type ipv4_addr . inet_service : verdict`). */
function restOfLine(r: Reader): { text: string; words: string[] } {
  const a = r.i;
  const words: string[] = [];
  while (!r.atEnd() && ![T_SEMI, T_NEWLINE, T_RBRACE, T_COMMENT].includes(r.kind()))
    words.push(r.t.text_(r.i++));
  return { text: a < r.i ? r.text.slice(r.start(a), r.end(r.i - 1)) : '', words };
}

export function readSetBody(r: Reader, b: Builder, set: SetState, open: number): void {
  r.i = open + 1;
  const h = headerHandle(r);
  if (h !== null) set.handle = h;
  for (;;) {
    if (r.atEnd()) {
      unbalanced(r, open, `${set.kind} ${set.name}`);
      return;
    }
    const k = r.kind();
    if (k === T_RBRACE) {
      r.i++;
      return;
    }
    if (k === T_NEWLINE || k === T_SEMI || k === T_COMMENT) {
      r.i++;
      continue;
    }
    const a = r.i;
    const w = r.word();
    r.i++;
    if (w === 'type' || w === 'typeof') {
      const { text, words } = restOfLine(r);
      const colon = words.indexOf(':');
      const keyWords = colon >= 0 ? words.slice(0, colon) : words;
      if (colon >= 0) set.dataType = words.slice(colon + 1).join(' ');
      if (keyWords.length === 0) r.diagTokens('nftables/bad-set-spec', `\`${w}\` without a type.`, a, a + 1);
      if (w === 'type') set.type = keyWords.filter((x) => x !== '.');
      else set.typeOf = colon >= 0 ? text.slice(0, text.indexOf(' :')).trim() : text;
    } else if (w === 'flags')
      set.flags = restOfLine(r)
        .words.filter((x) => x !== ',')
        .flatMap((x) => x.split(','));
    else if (w === 'timeout' || w === 'gc-interval') {
      const v = r.word();
      if (v === '') r.diagTokens('nftables/bad-set-spec', `\`${w}\` without a duration.`, a, a + 1);
      else r.i++;
      if (w === 'timeout') set.timeout = v || null;
    } else if (w === 'size') {
      const n = Number(r.word());
      if (!Number.isInteger(n) || n < 0)
        r.diagTokens('nftables/bad-set-spec', '`size` is not a number.', a, a + 2);
      else set.size = n;
      r.i++;
    } else if (w === 'counter') set.counter = true;
    else if (w === 'comment' && r.kind() === T_STRING) set.comment = r.value(r.i++);
    else if (w === 'elements' && r.is('=') && r.kind(r.i + 1) === T_LBRACE) {
      r.i++;
      b.addElements(set, readElements(r, r.t.count, 1));
    } else if (w === 'policy' || w === 'auto-merge') restOfLine(r);
    else {
      r.diagTokens('nftables/bad-set-spec', `"${w}" is not a set property.`, a, a + 1);
      restOfLine(r);
    }
  }
}
