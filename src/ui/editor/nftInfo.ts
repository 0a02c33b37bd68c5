import type { NftChain, NftDocument, NftSet, NftTable } from '../../core/nftables';
import { escapeMarkdown } from '../../core/text';

/**
 * What the editor says about a chain, set or map name of an nftables text (hover) and where it is
 * declared (Ctrl/Cmd-click). Pure: reads the nftables reader's document; no Monaco. Every name
 * from the dump goes through `md` (Markdown).
 */

const md = escapeMarkdown;

/** A chain or a named set/map of one table. */
type NftDeclaration =
  | { readonly kind: 'chain'; readonly table: NftTable; readonly chain: NftChain }
  | { readonly kind: 'set'; readonly table: NftTable; readonly set: NftSet };

/** The chains and sets/maps called `name` (`@name` reads as `name`), in table order. */
function nftDeclarations(doc: NftDocument, name: string): NftDeclaration[] {
  const wanted = name.startsWith('@') ? name.slice(1) : name;
  const out: NftDeclaration[] = [];
  for (const table of doc.tables) {
    for (const chain of table.chains) if (chain.name === wanted) out.push({ kind: 'chain', table, chain });
    for (const set of table.sets) if (set.name === wanted) out.push({ kind: 'set', table, set });
  }
  return out;
}

const lineOf = (d: NftDeclaration) => (d.kind === 'chain' ? d.chain.line : d.set.line);

/**
 * The declaration a use on 1-based `line` means: in a listing, the one in the table the line is in
 * (the last table declared above it; a jump stays in its table, nft(8)); else the first.
 */
export function nftDeclarationFor(doc: NftDocument, name: string, line: number): NftDeclaration | null {
  const found = nftDeclarations(doc, name);
  if (found.length <= 1) return found[0] ?? null;
  const here = doc.tables.filter((t) => t.line <= line).at(-1);
  return found.find((d) => d.table === here) ?? found[0]!;
}

/** 1-based line of the declaration, or null when the reader gave none. */
export function nftDeclarationLine(d: NftDeclaration): number | null {
  const line = lineOf(d);
  return line > 0 ? line : null;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function describeOne(d: NftDeclaration): string[] {
  const table = `table ${md(d.table.family)} ${md(d.table.name)}`;
  const out: string[] = [];
  if (d.kind === 'chain') {
    const { base } = d.chain;
    if (base) {
      const prio = base.priority.value !== null && base.priority.raw !== String(base.priority.value);
      out.push(
        `Base chain in ${table}: type ${md(base.type)} hook ${md(base.hook)} priority ${md(base.priority.raw)}${prio ? ` (${base.priority.value})` : ''}, policy ${md(base.policy)}`,
      );
    } else out.push(`Chain in ${table} (reached by jump or goto)`);
    out.push(`${plural(d.chain.rules.length, 'rule')}, declared on line ${d.chain.line}`);
    if (d.chain.comment) out.push(`“${md(d.chain.comment)}”`);
    return out;
  }
  const { set } = d;
  const key = set.type ? set.type.join(' . ') : (set.typeOf ?? '?');
  out.push(
    `${set.kind === 'map' ? 'Map' : 'Set'} in ${table}: type ${md(key)}${set.dataType ? ` : ${md(set.dataType)}` : ''}`,
  );
  const extra = [
    set.flags.length > 0 ? `flags ${md(set.flags.join(','))}` : '',
    set.timeout ? `timeout ${md(set.timeout)}` : '',
  ].filter(Boolean);
  out.push(
    `${plural(set.elements.length, 'element')}${extra.length ? ` (${extra.join(', ')})` : ''}, declared on line ${set.line}`,
  );
  if (set.comment) out.push(`“${md(set.comment)}”`);
  return out;
}

/** Markdown paragraphs for a hover on `name`, or null when no chain, set or map has that name. */
export function describeNftName(doc: NftDocument, name: string): string[] | null {
  const found = nftDeclarations(doc, name);
  if (found.length === 0) return null;
  return [`**${md(name.startsWith('@') ? name.slice(1) : name)}**`, ...found.flatMap(describeOne)];
}
