import { isBangWord, isOptionWord, type RuleContext, type RuleShape } from './ruleShape';
import { validateOption } from './validate';

/**
 * Reads option `name` (word `k`) with its values into `shape`; returns the option's index.
 * `arity` undefined = unknown option: it takes the words up to the next option or `!`.
 * getopt's `required_argument` takes the next word whatever it looks like, so a known arity takes
 * that many words; a `!` right after the name is the old negation syntax (`--dport ! 80`).
 */
export function readOption(
  ctx: RuleContext,
  shape: RuleShape,
  k: number,
  name: string,
  arity: number | undefined,
  bang: number,
  module: string,
): number {
  const { buf, text } = ctx;
  const count = buf.count;
  let pos = k + 1;
  const start = bang >= 0 ? bang : (buf.starts[k] as number);
  let negated = bang >= 0 ? 1 : 0;
  let end = buf.ends[k] as number;
  if (arity !== 0 && isBangWord(buf, text, pos)) {
    negated = 1;
    end = buf.ends[pos] as number;
    pos++;
  }
  let n = arity ?? 0;
  if (arity === undefined)
    while (pos + n < count && !isOptionWord(buf, text, pos + n) && !isBangWord(buf, text, pos + n)) n++;
  const first = pos;
  const got = Math.min(n, count - pos);
  pos += got;
  if (got < n) {
    ctx.sink.add(
      'iptables/missing-value',
      `${name} needs ${n === 1 ? 'a value' : `${n} values`}.`,
      start,
      end,
    );
  }
  let join = 0;
  let taken = got;
  if (got > 0) {
    end = buf.ends[first + got - 1] as number;
    if (
      name === '--comment' &&
      module === 'comment' &&
      pos < count &&
      !isOptionWord(buf, text, pos) &&
      !isBangWord(buf, text, pos)
    ) {
      // kube-proxy's test dumps write `--comment kubernetes service portals` unquoted: the fake
      // iptables accepted it; iptables-restore would not. Take the words as the comment, and say so.
      let last = first;
      while (pos < count && !isOptionWord(buf, text, pos) && !isBangWord(buf, text, pos)) last = pos++;
      end = buf.ends[last] as number;
      join = 1;
      taken = last - first + 1;
      ctx.sink.add(
        'iptables/unquoted-comment',
        'Unquoted comment with spaces: words joined into one comment.',
        start,
        end,
      );
    } else if (ctx.sink.wants()) {
      // A silent re-read (savedRule.ts) has reported nothing and keeps nothing: it skips the checks.
      validateOption(ctx, module, name, first, buf.starts[first] as number, end);
    }
  }
  const o = shape.addOption();
  shape.oName[o] = name;
  shape.oNeg[o] = negated;
  shape.oStart[o] = start;
  shape.oEnd[o] = end;
  shape.oW0[o] = k;
  shape.oW1[o] = pos - 1;
  shape.oFirst[o] = first;
  shape.oGot[o] = taken;
  shape.oJoin[o] = join;
  shape.oOwner[o] = 0;
  return o;
}
