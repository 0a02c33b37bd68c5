import { formatIpv4, ipv4Value } from '../net';
import { mapV4, mapV6 } from './redactAddress';
import { formatV6, parseV6 } from './redactIp';
import type { RedactionKey } from './redactKey';

/**
 * Remembers every address a redaction mapped, so the same address gets the same new text in both
 * texts and in the packet, and so collisions (two addresses → one) are found rather than silent.
 */
export class AddressBook {
  /** Canonical original → new text, hosts (`10.0.0.1`) and networks (`10.0.0.0/8`), in first-seen order. */
  readonly pairs = new Map<string, string>();
  private readonly reverse = new Map<string, string>();
  /** Kept host addresses (documentation nets…), to detect a mapped address landing on one. */
  private readonly kept = new Set<string>();
  /** Canonical original addresses that share their new text with another. */
  readonly collisions = new Set<string>();
  /** Public networks wider than the target block (`1.0.0.0/8`), mapped to the whole block. */
  readonly wide = new Set<string>();

  constructor(private readonly key: RedactionKey) {}

  /**
   * The new text of a host address, the same text when it is kept, or null when `text` is not an
   * address at all.
   */
  host(text: string): string | null {
    // A dump repeats each address many times (declaration, -s hairpin, DNAT, comments).
    const seen = this.memo.get(text);
    if (seen !== undefined) return seen;
    const out = this.compute(text);
    this.memo.set(text, out);
    return out;
  }

  private readonly memo = new Map<string, string | null>();

  private compute(text: string): string | null {
    const n4 = ipv4Value(text);
    if (n4 !== null) return this.record(formatIpv4(n4), mapV4(this.key, n4)?.text ?? null) ?? text;
    const n6 = parseV6(text);
    if (n6 !== null) return this.record(formatV6(n6), mapV6(this.key, n6)?.text ?? null) ?? text;
    return null;
  }

  /** The new text of a network `text/bits` (the address part; the prefix length may change only for wide ones). */
  network(text: string, bits: number): { address: string; bits: number } | null {
    const n4 = ipv4Value(text);
    const n6 = n4 === null ? parseV6(text) : null;
    if (n4 === null && n6 === null) return null;
    const canonical = n4 !== null ? formatIpv4(n4) : formatV6(n6 as bigint);
    const full = n4 !== null ? 32 : 128;
    if (bits >= full) {
      const address = this.host(text) as string;
      return { address, bits };
    }
    const mapped = n4 !== null ? mapV4(this.key, n4, bits) : mapV6(this.key, n6 as bigint, bits);
    if (mapped === null) return { address: text, bits };
    if (mapped.wide) this.wide.add(`${canonical}/${bits}`);
    this.pairs.set(`${canonical}/${bits}`, `${mapped.text}/${mapped.bits}`);
    return { address: mapped.text, bits: mapped.bits };
  }

  /** Records a host mapping; null when the address is kept. */
  private record(canonical: string, mapped: string | null): string | null {
    if (mapped === null) {
      this.kept.add(canonical);
      if (this.reverse.has(canonical)) this.collisions.add(canonical);
      return null;
    }
    const known = this.pairs.get(canonical);
    if (known !== undefined) return known;
    const other = this.reverse.get(mapped);
    if (other !== undefined && other !== canonical) {
      this.collisions.add(canonical);
      this.collisions.add(other);
    }
    if (this.kept.has(mapped)) this.collisions.add(canonical);
    this.reverse.set(mapped, canonical);
    this.pairs.set(canonical, mapped);
    return mapped;
  }
}
