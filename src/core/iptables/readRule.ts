import { BUILTIN_OPTIONS, IMPLICIT_PROTOCOL_MODULES, MATCH_MODULES, TARGET_OPTIONS } from './modules';
import { readOption } from './readOption';
import {
  isBangWord,
  isOptionWord,
  knownOrValue,
  type RuleContext,
  type RuleShape,
  readTargetName,
} from './ruleShape';

/**
 * The body of one rule (after `-A CHAIN`): match groups and the target, as iptables' command line
 * parser sees them (iptables(8), xshared.c). `!` applies to the next option, before it (as
 * iptables-save prints) or — old syntax — between the option name and its value. `-m mod` opens a
 * group; built-in selectors go to the built-in group (module `''`); an option no open group knows
 * goes to the implicit protocol match of `-p tcp` / `-p udp`, else it is kept as unknown.
 *
 * Reads the words of `ctx.buf` from word `first` into `shape` (reset first), reporting problems to
 * `ctx.sink`. Allocation-free for the usual kube-proxy rule. `preset` opens a group of that module
 * before the first word (used to re-read one lowering unit on its own, entries.ts).
 */
export function readRuleShape(ctx: RuleContext, first: number, shape: RuleShape, preset = ''): void {
  const { buf, text, sink } = ctx;
  shape.reset();
  let builtin = -1;
  let current = preset === '' ? -1 : shape.addGroup(preset, 1, MATCH_MODULES.has(preset) ? 0 : 1, 0, 0, 0);
  let inTarget = false;
  let protocol = '';
  let bang = -1;
  let bangWord = -1;
  let pos = first;
  const count = buf.count;
  while (pos < count) {
    const k = pos;
    if (isBangWord(buf, text, k)) {
      if (bang >= 0)
        sink.add('iptables/bad-rule', 'Two `!` in a row.', buf.starts[k] as number, buf.ends[k] as number);
      bang = buf.starts[k] as number;
      bangWord = k;
      pos++;
      continue;
    }
    if (!isOptionWord(buf, text, k)) {
      if (sink.wants()) {
        const v = knownOrValue(buf, text, k);
        sink.add(
          'iptables/bad-rule',
          `Unexpected word "${v}" where an option was expected.`,
          buf.starts[k] as number,
          buf.ends[k] as number,
        );
      }
      pos++;
      continue;
    }
    const v = knownOrValue(buf, text, k);
    const isMatch = v === '-m' || v === '--match';
    if (isMatch || v === '-j' || v === '--jump' || v === '-g' || v === '--goto') {
      pos++;
      if (pos >= count) {
        sink.add(
          'iptables/missing-value',
          `${v} needs a name.`,
          buf.starts[k] as number,
          buf.ends[k] as number,
        );
        break;
      }
      const n = pos++;
      if (isMatch) {
        const module = knownOrValue(buf, text, n);
        const known = MATCH_MODULES.has(module);
        if (!known) {
          sink.add(
            'iptables/unknown-module',
            `Match module "${module}" is kept verbatim.`,
            buf.starts[n] as number,
            buf.ends[n] as number,
          );
        }
        const q = buf.quoted[n] as number;
        current = shape.addGroup(module, 1, known ? 0 : 1, buf.starts[k] as number, buf.ends[n] as number, q);
        inTarget = false;
      } else {
        shape.newTarget();
        readTargetName(ctx, n, shape);
        shape.tGoto = v === '-g' || v === '--goto';
        shape.tNameStart = buf.starts[n] as number;
        shape.tNameEnd = buf.ends[n] as number;
        shape.tStart = buf.starts[k] as number;
        shape.tEnd = buf.ends[n] as number;
        shape.tWord = k;
        inTarget = true;
      }
      bang = -1;
      continue;
    }
    // An option: find who owns it (a group index, or -tGen for the target).
    let arity = BUILTIN_OPTIONS.get(v);
    let owner: number;
    let module = '';
    if (arity !== undefined) {
      if (builtin < 0) {
        builtin = shape.addGroup('', 0, 0, buf.starts[k] as number, buf.ends[k] as number, 0);
      }
      owner = builtin;
    } else if (inTarget) {
      owner = -shape.tGen;
      const name = shape.tName;
      module = name;
      const opts = TARGET_OPTIONS.get(name);
      arity = opts?.get(v);
      if (arity === undefined && opts !== undefined) {
        sink.add(
          'iptables/unknown-option',
          `${name} option "${v}" is kept verbatim.`,
          buf.starts[k] as number,
          buf.ends[k] as number,
        );
      } else if (arity === undefined && shape.tOpts === 0) {
        sink.add(
          'iptables/unknown-target',
          `Target "${name}" is kept verbatim.`,
          shape.tNameStart,
          shape.tNameEnd,
        );
      }
    } else {
      const found = findGroup(shape, current, v);
      if (found >= 0) {
        owner = found;
        module = shape.gModule[found] as string;
        arity = MATCH_MODULES.get(module)?.get(v);
      } else if (IMPLICIT_PROTOCOL_MODULES.has(protocol) && MATCH_MODULES.get(protocol)?.has(v)) {
        owner = shape.addGroup(protocol, 0, 0, buf.starts[k] as number, buf.ends[k] as number, 0);
        module = protocol;
        arity = MATCH_MODULES.get(protocol)?.get(v);
      } else {
        owner = current >= 0 ? current : builtin;
        if (owner < 0) {
          builtin = shape.addGroup('', 0, 0, buf.starts[k] as number, buf.ends[k] as number, 0);
          owner = builtin;
        }
        module = shape.gModule[owner] as string;
        if (shape.gUnknown[owner] === 0) {
          sink.add(
            'iptables/unknown-option',
            `Option "${v}" is kept verbatim.`,
            buf.starts[k] as number,
            buf.ends[k] as number,
          );
        }
      }
    }
    const o = readOption(ctx, shape, pos, v, arity, bang, module);
    pos = (shape.oW1[o] as number) + 1;
    if (bang >= 0) shape.oW0[o] = bangWord;
    bang = -1;
    shape.own(o, owner);
    const end = shape.oEnd[o] as number;
    if (owner < 0) {
      if (end > shape.tEnd) shape.tEnd = end;
    } else {
      if (end > (shape.gEnd[owner] as number)) shape.gEnd[owner] = end;
      if (owner === builtin && (v === '-p' || v === '--protocol') && (shape.oGot[o] as number) > 0) {
        protocol = knownOrValue(buf, text, shape.oFirst[o] as number).toLowerCase();
      }
    }
  }
  if (bang >= 0) sink.add('iptables/bad-rule', '`!` at the end of the rule.', bang, bang + 1);
  if (shape.tGen > 0 && (shape.tName === 'DNAT' || shape.tName === 'SNAT')) checkNatHasRange(ctx, shape);
}

/**
 * `-j DNAT` without `--to-destination` (`-j SNAT` without `--to-source`): iptables ≥ 1.4.x
 * accepts it (libxt_DNAT.c no longer requires the option) and the kernel sets up a null mapping:
 * nothing is rewritten, yet the rule ends its chain as ACCEPT does. Almost always a cut line.
 */
function checkNatHasRange(ctx: RuleContext, shape: RuleShape): void {
  const want = shape.tName === 'DNAT' ? '--to-destination' : '--to-source';
  for (let o = shape.tFirst; o >= 0; o = shape.oNext[o] as number) if (shape.oName[o] === want) return;
  ctx.sink.add(
    'iptables/nat-without-range',
    `${shape.tName} without ${want}: the packet is not rewritten, but the rule ends the chain like ACCEPT.`,
    shape.tNameStart,
    shape.tNameEnd,
  );
}

/** The open group that knows option `v`: the current one first, then earlier ones (latest first). */
function findGroup(shape: RuleShape, current: number, v: string): number {
  if (current >= 0 && MATCH_MODULES.get(shape.gModule[current] as string)?.has(v)) return current;
  return shape.latestKnowing(v);
}
