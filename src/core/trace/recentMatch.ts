import { compilePrefix, type Ip, type IpPrefix } from '../net';
import type { Match } from '../ruleset';
import type { CMatch } from './compiled';
import type { MatchSite } from './matchers';
import type { Walk, WalkContext } from './walk';

/** The list key of an address under `--mask` (xt_recent keys entries by the masked address). */
function recentKey(ip: Ip, mask: IpPrefix | null): string {
  if (mask === null || mask.v6 !== ip.v6) return ip.v6 ? `${ip.a},${ip.b},${ip.c},${ip.d}` : String(ip.a);
  return ip.v6
    ? `${ip.a & mask.ma},${ip.b & mask.mb},${ip.c & mask.mc},${ip.d & mask.md}`
    : String(ip.a & mask.ma);
}

/** Ages (seconds ago) of the entry's hits: this walk's own `--set`s first, then the carried state. */
function stamps(w: Walk, ctx: WalkContext, list: string, key: string): readonly number[] | null {
  let fresh = 0;
  let removed = false;
  for (let c = w.recent; c !== null; c = c.tail) {
    if (c.head.list !== list || c.head.key !== key) continue;
    if (c.head.op === 'remove') {
      removed = true;
      break;
    }
    fresh++;
  }
  const base = removed ? null : ctx.recentLookup(list, key);
  if (fresh === 0) return base;
  return [...new Array<number>(fresh).fill(0), ...(base ?? [])];
}

/**
 * `-m recent`, after net/netfilter/xt_recent.c (recent_mt): `--set` always holds and records the
 * address; `--rcheck`/`--update` hold when the entry has at least max(1, hitcount) hits no older than
 * `--seconds` (entries older than the window are skipped with `time_after(now - seconds, stamp)`);
 * `--update` then records a new hit (only when the result, after `!`, is true); `--remove` holds when
 * the entry existed and deletes it. The address is the source (`--rsource`, default) or destination.
 */
export function compileRecent(m: Extract<Match, { kind: 'recent' }>, site: MatchSite): CMatch {
  const mask = m.mask === null ? null : compilePrefix(`${m.mask.includes(':') ? '::' : '0.0.0.0'}/${m.mask}`);
  const list = m.name;
  return {
    random: null,
    test: (w, ctx) => {
      const key = recentKey(m.side === 'source' ? w.src : w.dst, mask);
      if (m.rttl) {
        w.assume(
          'trace/recent-ttl-assumed',
          '`--rttl`: the TTL is assumed unchanged since the last hit.',
          site.line,
        );
      }
      if (m.action === 'set') {
        w.recent = { head: { list, key, op: 'set' }, tail: w.recent };
        return !m.negated;
      }
      const entry = stamps(w, ctx, list, key);
      if (entry === null) return m.negated;
      if (m.action === 'remove') {
        w.recent = { head: { list, key, op: 'remove' }, tail: w.recent };
        return !m.negated;
      }
      const need = Math.max(1, m.hitcount ?? 0);
      if (need > 1 && ctx.sample === null) {
        w.assume(
          'trace/recent-hitcount-assumed',
          `recent --hitcount ${need}: the recent list only says when ${list} last saw this address (one hit).`,
          site.line,
        );
      }
      const hits = entry.filter((age) => m.seconds === null || age <= m.seconds).length;
      const result = hits >= need !== m.negated;
      if (m.action === 'update' && result) w.recent = { head: { list, key, op: 'set' }, tail: w.recent };
      return result;
    },
  };
}
