import type { Span } from '../text';
import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import type { Protocol } from './types';

/**
 * Typed access to the plain values `JSON.parse` / `yaml` give, for objects of unknown shape:
 * every getter returns `null` (or `[]`) for a missing or mistyped field instead of throwing.
 */

export type Fields = Readonly<Record<string, unknown>>;

/** Where an object came from, and where its findings go. */
export interface ObjectContext {
  /** The object's span in the text (diagnostics about its fields point here). */
  readonly at: Span;
  /** The `-n` of the pasted command, for objects without metadata.namespace. */
  readonly namespace: string | null;
  readonly sink: DiagnosticSink;
  readonly out: Collected;
}

/** The value as a mapping, or `null` for arrays, scalars and `null`. */
export function asFields(v: unknown): Fields | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Fields) : null;
}

/** The value at `path` (own properties only, so `__proto__` keys are plain data), or `undefined`. */
export function field(o: Fields | null, ...path: string[]): unknown {
  let cur: unknown = o;
  for (const key of path) {
    const f = asFields(cur);
    if (!f || !Object.hasOwn(f, key)) return undefined;
    cur = f[key];
  }
  return cur;
}

/** The value if it is a string, else `null`. */
export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** The value if it is an array, else `[]` (`null` lists, e.g. a placeholder slice's `endpoints`). */
export function list(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The non-empty strings of an array value. */
export function strings(v: unknown): string[] {
  return list(v).filter((x): x is string => typeof x === 'string' && x !== '');
}

/** An integer in range, or `null`. YAML/JSON numbers only: `"80"` is not a port number. */
export function int(v: unknown, min: number, max: number): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null;
}

/** Protocol with the API's default (TCP when absent); `null` for an unknown value. */
export function protocol(v: unknown): Protocol | null {
  if (v === undefined || v === null) return 'TCP';
  return v === 'TCP' || v === 'UDP' || v === 'SCTP' ? v : null;
}

/** One of the allowed values, `null` when absent; an unknown value is reported and dropped. */
export function oneOf<T extends string>(
  v: unknown,
  allowed: readonly T[],
  what: string,
  ctx: ObjectContext,
): T | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  ctx.sink.report(
    'kubectl/invalid-field',
    `${what} ${JSON.stringify(v)} is not one of ${allowed.join(', ')}.`,
    ctx.at,
  );
  return null;
}

/** `metadata.namespace`, else the command's `-n`, else unknown. */
export function namespaceOf(o: Fields, ctx: ObjectContext): string | null {
  return str(field(o, 'metadata', 'namespace')) ?? ctx.namespace;
}

/** A label map as kubectl prints selectors: `k=v` pairs sorted by key, comma-joined. */
export function labelString(v: unknown): string | null {
  const f = asFields(v);
  if (!f) return null;
  const pairs = Object.keys(f)
    .sort()
    .map((k) => `${k}=${String(f[k])}`);
  return pairs.length > 0 ? pairs.join(',') : null;
}
