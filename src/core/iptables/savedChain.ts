import type { ChainDecl, Counters } from './ast';
import type { ParseSource } from './source';
import { readCounters } from './tableState';

/**
 * A chain declaration as the parser keeps it (`:NAME POLICY [p:b]`, or `-N` / `-P` in restore
 * input and `iptables -S` listings): one object per chain. A 10,000-Service dump declares ~130,000
 * chains; their spans and counters are made from the text on each access instead of being kept
 * as four more objects per chain. Like SavedRule, the lazy members are prototype getters.
 */
export class SavedChain implements ChainDecl {
  readonly kind = 'chain' as const;
  readonly #src: ParseSource;
  readonly #start: number;
  readonly #end: number;
  readonly #nameStart: number;
  readonly #nameEnd: number;
  /** Offsets of `[p:b]`, or -1 when the declaration has none. */
  readonly #countersStart: number;
  readonly #countersEnd: number;
  readonly #id: number;

  constructor(
    src: ParseSource,
    id: number,
    readonly name: string,
    nameStart: number,
    nameEnd: number,
    /** Not readonly: an `iptables -S` listing may give a `-N` chain its policy later (`-P`). */
    public policy: string | null,
    countersStart: number,
    countersEnd: number,
    start: number,
    end: number,
    readonly line: number,
  ) {
    this.#src = src;
    this.#start = start;
    this.#end = end;
    this.#nameStart = nameStart;
    this.#nameEnd = nameEnd;
    this.#countersStart = countersStart;
    this.#countersEnd = countersEnd;
    this.#id = id;
  }

  /** The chain's id in the parse's chain names (chainNames.ts). */
  get chainId(): number {
    return this.#id;
  }

  /** The parse this declaration came from. */
  get source(): ParseSource {
    return this.#src;
  }

  get nameSpan(): { start: number; end: number } {
    return { start: this.#nameStart, end: this.#nameEnd };
  }

  get counters(): Counters | null {
    return this.#countersStart < 0
      ? null
      : readCounters(this.#src.text, this.#countersStart, this.#countersEnd);
  }

  get span(): { start: number; end: number } {
    return { start: this.#start, end: this.#end };
  }
}
