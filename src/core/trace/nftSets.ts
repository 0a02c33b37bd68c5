import type { NftElementModel, NftOperand, NftSetModel, NftSetRef, Table } from '../ruleset';
import { type Literal, partKind, partsOf, readLiteral, type Value, valueKey } from './nftValue';

/**
 * nftables sets and maps, indexed once per (set, key shape): elements whose every key part is an
 * exact value go in a Map keyed by the joined parts (a 100,000-element `service-ips` map answers in
 * O(1), as the kernel's hash set does), the rest (prefixes, ranges: `flags interval`) are tested in
 * order. A lookup returns the element, or null for a miss.
 */
export interface SetIndex {
  readonly set: NftSetModel | null;
  /** The set's name (`@name`), or null for an anonymous set. */
  readonly name: string | null;
  readonly size: number;
  lookup(values: readonly Value[]): NftElementModel | null;
}

const EMPTY: readonly NftElementModel[] = [];

function buildIndex(
  elements: readonly NftElementModel[],
  kinds: readonly ReturnType<typeof partKind>[],
  set: NftSetModel | null,
  name: string | null,
): SetIndex {
  const exact = new Map<string, NftElementModel>();
  const ranged: { parts: Literal[]; element: NftElementModel }[] = [];
  for (const e of elements) {
    if (e.key.length !== kinds.length) continue;
    const parts: Literal[] = [];
    let ok = true;
    for (let i = 0; i < kinds.length; i++) {
      const lit = readLiteral(e.key[i] as string, kinds[i] as ReturnType<typeof partKind>);
      if (lit === null) ok = false;
      else parts.push(lit);
    }
    if (!ok) continue;
    if (parts.every((p) => 'exact' in p)) {
      const key = parts.map((p) => (p as { exact: string }).exact).join('|');
      if (!exact.has(key)) exact.set(key, e);
    } else ranged.push({ parts, element: e });
  }
  return {
    set,
    name,
    size: elements.length,
    lookup(values) {
      const keys: string[] = [];
      for (const v of values) {
        const k = valueKey(v);
        if (k === null) return null;
        keys.push(k);
      }
      const hit = exact.get(keys.join('|'));
      if (hit !== undefined) return hit;
      for (const r of ranged) {
        let all = true;
        for (let i = 0; i < r.parts.length && all; i++) {
          const p = r.parts[i] as Literal;
          all = 'exact' in p ? p.exact === keys[i] : p.test(values[i] as Value);
        }
        if (all) return r.element;
      }
      return null;
    },
  };
}

/** The index of `ref` looked up with `key`, cached per table (named sets) or built once (anonymous). */
export function setIndexFor(
  cache: Map<string, SetIndex>,
  table: Table | undefined,
  ref: NftSetRef,
  key: NftOperand,
): SetIndex {
  const kinds = partsOf(key).map(partKind);
  if (ref.kind === 'anonymous') return buildIndex(ref.elements, kinds, null, null);
  const cacheKey = `${table?.name ?? ''}\u0000${ref.name}\u0000${kinds.join(',')}`;
  let idx = cache.get(cacheKey);
  if (idx === undefined) {
    const set = table?.sets?.[ref.name] ?? null;
    idx = buildIndex(set?.elements ?? EMPTY, kinds, set, ref.name);
    cache.set(cacheKey, idx);
  }
  return idx;
}
