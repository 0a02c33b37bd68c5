import type { Span } from '../text';
import { LineIndex } from '../text';
import { NFT_FAMILIES, type NftDocument, type NftFamily, type NftRule, type NftStatement } from './ast';
import { checkDocument } from './check';
import { duration, jsonElement, jsonStatement } from './jsonExpr';
import { resolvePriority } from './priority';
import { NftSink } from './sink';
import { Builder } from './state';

/**
 * `nft -j list ruleset` (libnftables-json(5)): `{"nftables": [{"metainfo": …}, {"table": …},
 * {"chain": …}, {"set": …}, {"map": …}, {"rule": …}, {"element": …}]}`, also with `add`/`create`
 * command wrappers. The array is split by one scan (strings and nesting respected) and each
 * object parsed on its own, so every node's span is its JSON object and a truncated document keeps
 * every complete object before the cut.
 */

type J = unknown;
const isObj = (j: J): j is Record<string, J> => typeof j === 'object' && j !== null && !Array.isArray(j);
const FAMILIES = new Set<string>(NFT_FAMILIES);

/** Offsets `[start, end)` of the objects of the array that starts at `open` (a `[`). */
function splitArray(text: string, open: number): { items: Span[]; closed: boolean } {
  const items: Span[] = [];
  let depth = 0;
  let start = -1;
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      if (depth === 0) start = i;
      depth++;
    } else if (c === 125 || c === 93) {
      if (depth === 0) return { items, closed: c === 93 };
      depth--;
      if (depth === 0 && start >= 0) {
        items.push({ start, end: i + 1 });
        start = -1;
      }
    }
  }
  return { items, closed: false };
}

export function readJson(text: string): { result: NftDocument; diagnostics: NftSink['list'] } {
  const sink = new NftSink();
  const b = new Builder();
  const lines = new LineIndex(text);
  let version: string | null = null;
  const empty = () => ({
    result: { form: 'json' as const, tables: [], commands: [], version },
    diagnostics: sink.list,
  });
  const key = /"nftables"\s*:\s*\[/.exec(text.slice(0, 4096));
  if (key === null) {
    sink.add(
      'nftables/bad-json',
      'Not `nft -j` output: no `{"nftables": [ … ]}`.',
      0,
      Math.min(text.length, 1),
    );
    return empty();
  }
  const open = key.index + key[0].length - 1;
  const { items, closed } = splitArray(text, open);
  if (!closed)
    sink.add(
      'nftables/bad-json',
      'The JSON ends before its `]` (truncated?): the complete objects are kept.',
      open,
      open + 1,
    );
  for (const sp of items) {
    let obj: J;
    try {
      obj = JSON.parse(text.slice(sp.start, sp.end));
    } catch {
      sink.add('nftables/bad-json', 'This object is not valid JSON.', sp.start, sp.end);
      continue;
    }
    if (!isObj(obj)) continue;
    let [kind] = Object.keys(obj);
    let body = kind === undefined ? undefined : obj[kind];
    if ((kind === 'add' || kind === 'create') && isObj(body)) {
      [kind] = Object.keys(body);
      body = kind === undefined ? undefined : body[kind];
    }
    if (kind === 'metainfo' && isObj(body)) {
      version = typeof body.version === 'string' ? body.version : null;
      continue;
    }
    if (!isObj(body) || kind === undefined) {
      sink.add('nftables/bad-json', 'An object without a body.', sp.start, sp.end);
      continue;
    }
    readObject(kind, body, sp, lines.position(sp.start).line, b, sink);
  }
  const tables = checkDocument(b.finish(), sink);
  return { result: { form: 'json', tables, commands: b.commands, version }, diagnostics: sink.list };
}

function readObject(
  kind: string,
  o: Record<string, J>,
  sp: Span,
  line: number,
  b: Builder,
  sink: NftSink,
): void {
  const family = String(o.family ?? 'ip');
  if (!FAMILIES.has(family)) {
    sink.add('nftables/bad-family', `"${family}" is not an nftables family.`, sp.start, sp.end);
    return;
  }
  const fam = family as NftFamily;
  const str = (j: J) => (typeof j === 'string' ? j : null);
  const handle = typeof o.handle === 'number' ? o.handle : null;
  if (kind === 'table') {
    const { table } = b.table(fam, String(o.name), sp, line);
    table.handle = handle;
    table.comment = str(o.comment);
    if (o.flags !== undefined) table.flags = ([] as J[]).concat(o.flags).map(String);
    return;
  }
  if (!['chain', 'rule', 'set', 'map', 'element'].includes(kind)) {
    sink.add(
      'nftables/unknown-object',
      `A \`${kind}\` object: not used by the tracer, skipped.`,
      sp.start,
      sp.end,
    );
    return;
  }
  const tableName = String(o.table);
  let table = b.tables.get(`${fam} ${tableName}`);
  if (table === undefined) {
    table = b.table(fam, tableName, sp, line).table;
    sink.add(
      'nftables/undeclared-table',
      `Table ${fam} ${tableName} comes after its objects: created.`,
      sp.start,
      sp.end,
    );
  }
  if (kind === 'chain') {
    const { chain } = b.chain(table, String(o.name), sp, line, true);
    chain.handle = handle;
    chain.comment = str(o.comment);
    if (typeof o.hook === 'string') {
      const prio = o.prio;
      const raw = String(prio);
      const value = typeof prio === 'number' ? prio : resolvePriority(raw.split(' '), fam, o.hook).value;
      if (value === null)
        sink.add('nftables/bad-priority', `Priority "${raw}" cannot be resolved.`, sp.start, sp.end);
      chain.base = {
        type: String(o.type ?? 'filter'),
        hook: o.hook,
        device: str(o.dev),
        priority: { raw, value },
        policy: String(o.policy ?? 'accept'),
      };
    }
  } else if (kind === 'set' || kind === 'map') {
    const { set } = b.set(table, kind, String(o.name), sp, line, true);
    set.handle = handle;
    const type = o.type;
    set.type = Array.isArray(type) ? type.map(String) : type !== undefined ? [String(type)] : null;
    if (o.map !== undefined)
      set.dataType = Array.isArray(o.map) ? o.map.map(String).join(' . ') : String(o.map);
    if (o.flags !== undefined) set.flags = ([] as J[]).concat(o.flags).map(String);
    set.timeout = duration(o.timeout);
    set.size = typeof o.size === 'number' ? o.size : null;
    set.comment = str(o.comment);
    if (Array.isArray(o.elem))
      b.addElements(
        set,
        o.elem.map((e) => jsonElement(e, sp)),
      );
  } else if (kind === 'element') {
    let set = table.sets.get(String(o.name));
    if (set === undefined) {
      set = b.set(table, 'set', String(o.name), sp, line, false).set;
      sink.add(
        'nftables/undeclared-set',
        `Set ${String(o.name)} comes after its elements: created.`,
        sp.start,
        sp.end,
      );
    }
    if (Array.isArray(o.elem))
      b.addElements(
        set,
        o.elem.map((e) => jsonElement(e, sp)),
      );
  } else {
    const chainName = String(o.chain);
    let chain = table.chains.get(chainName);
    if (chain === undefined) {
      chain = b.chain(table, chainName, sp, line, false).chain;
      sink.add(
        'nftables/undeclared-chain',
        `Chain ${chainName} comes after its rules: created.`,
        sp.start,
        sp.end,
      );
    }
    chain.rules.push(readRule(o, sp, line, handle, sink));
  }
}

function readRule(
  o: Record<string, J>,
  sp: Span,
  line: number,
  handle: number | null,
  sink: NftSink,
): NftRule {
  const statements: NftStatement[] = [];
  for (const e of Array.isArray(o.expr) ? o.expr : []) {
    const s = jsonStatement(e, sp);
    if (s !== null) statements.push(s);
    else {
      const raw = JSON.stringify(e) ?? '';
      sink.add(
        'nftables/unknown-statement',
        `Not a statement this reader knows: kept verbatim (${raw.slice(0, 80)}).`,
        sp.start,
        sp.end,
      );
      statements.push({ kind: 'unknown', raw, span: sp });
    }
  }
  const comment = typeof o.comment === 'string' ? o.comment : null;
  const raw = statements.map((s) => s.raw).join(' ') + (comment !== null ? ` comment "${comment}"` : '');
  return { statements, comment, handle, raw, span: sp, line };
}
