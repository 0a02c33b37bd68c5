import type { Diagnostic } from '../text';
import { type NftablesCode, nftSeverityOf } from './codes';

/** At most this many diagnostics per read, as for iptables (a 50 MB paste of garbage). */
const MAX_NFT_DIAGNOSTICS = 1000;

/**
 * Collects diagnostics with a cap. Spans point into the ruleset input, which is the same editor
 * text the iptables reader reads, so `source` is `'iptables'` (the name of that input on the wire).
 */
export class NftSink {
  readonly list: Diagnostic[] = [];
  dropped = 0;

  /** True once the cap is reached: callers in hot loops can skip building messages. */
  full(): boolean {
    return this.list.length >= MAX_NFT_DIAGNOSTICS;
  }

  add(code: NftablesCode, message: string, start: number, end: number): void {
    if (this.list.length >= MAX_NFT_DIAGNOSTICS) {
      this.dropped++;
      return;
    }
    const span = { start, end: Math.max(start, end) };
    if (this.list.length === MAX_NFT_DIAGNOSTICS - 1) {
      this.list.push({
        source: 'iptables',
        severity: 'warning',
        code: 'nftables/too-many-diagnostics',
        message: `More than ${MAX_NFT_DIAGNOSTICS} diagnostics: the rest are not shown.`,
        span,
      });
      this.dropped++;
      return;
    }
    this.list.push({ source: 'iptables', severity: nftSeverityOf(code), code, message, span });
  }
}
