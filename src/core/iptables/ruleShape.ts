import type { ChainNames } from './chainNames';
import { MATCH_MODULES } from './modules';
import { hashRange, KNOWN_NAMES } from './names';
import type { DiagnosticSink } from './sink';
import type { TokenBuffer } from './tokenize';
import { unquote } from './tokenize';

/** The per-parse state the rule reader needs (one object, reused for every rule). */
export interface RuleContext {
  /** The text the words of `buf` were tokenized from. */
  text: string;
  readonly buf: TokenBuffer;
  sink: DiagnosticSink;
  /** Interns chain names (one string per distinct name). */
  chains: ChainNames;
  /** Set when an IPv6 address was seen. */
  ipv6: boolean;
}

/** Room for this many options and groups at first; a longer rule grows the arrays (doubling). */
const INITIAL_CAPACITY = 64;
/** Beyond this capacity, `reset` gives the storage back: one huge rule must not pin it for good. */
const KEEP_CAPACITY = 1 << 14;

function grown(a: Int32Array, cap: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}

/**
 * The structure of one rule body as flat, reusable arrays (no objects per rule): its options, the
 * match groups they belong to, and the target. `readRuleShape` fills it; `materializeShape` turns
 * it into the AST's MatchNode/TargetNode objects; the parser reads the target and the lowering
 * units (entries.ts) from it directly.
 *
 * The numbers are Int32Arrays that double when a rule outgrows them: a rule with a million options
 * then costs a few copies, where growing a dozen plain arrays one element at a time kept the
 * garbage collector busy for most of its reading.
 */
export class RuleShape {
  nOpt = 0;
  /** Option name as written (interned when known). */
  readonly oName: string[] = [];
  oNeg = new Int32Array(INITIAL_CAPACITY);
  /** Option span: from its `!` (if any) to the end of its last value. */
  oStart = new Int32Array(INITIAL_CAPACITY);
  oEnd = new Int32Array(INITIAL_CAPACITY);
  /** First and last word index the option covers (its `!` included). */
  oW0 = new Int32Array(INITIAL_CAPACITY);
  oW1 = new Int32Array(INITIAL_CAPACITY);
  /** First value word and how many value words were taken. */
  oFirst = new Int32Array(INITIAL_CAPACITY);
  oGot = new Int32Array(INITIAL_CAPACITY);
  /** 1 for an unquoted `--comment a b c`: the value words are joined into one value. */
  oJoin = new Int32Array(INITIAL_CAPACITY);
  /** Owning group index, or `-gen` for an option of target generation `gen` (1-based). */
  oOwner = new Int32Array(INITIAL_CAPACITY);
  /**
   * The next option with the same owner (-1: none). Each group, and the current target, keeps its
   * options as a list threaded through here, so that reading a group's options costs their number
   * and not the rule's: a rule of 100,000 groups would otherwise be read in 100,000² steps.
   */
  oNext = new Int32Array(INITIAL_CAPACITY);

  nGroup = 0;
  readonly gModule: string[] = [];
  gExplicit = new Int32Array(INITIAL_CAPACITY);
  gUnknown = new Int32Array(INITIAL_CAPACITY);
  gStart = new Int32Array(INITIAL_CAPACITY);
  gEnd = new Int32Array(INITIAL_CAPACITY);
  /** 1 when the module name was quoted (`-m "tcp"`). */
  gQuoted = new Int32Array(INITIAL_CAPACITY);
  /** First and last option of each group (-1: none yet), threaded through `oNext`. */
  gFirst = new Int32Array(INITIAL_CAPACITY);
  gLast = new Int32Array(INITIAL_CAPACITY);
  /**
   * The latest group of each known module (`-m tcp`), for `latestKnowing`; filled lazily, for
   * groups `[0, indexedGroups)`, only when an option is not the current group's.
   */
  private readonly latest = new Map<string, number>();
  private indexedGroups = 0;

  /** Number of `-j`/`-g` seen: the target is generation `tGen`; 0 = no target. */
  tGen = 0;
  tName = '';
  /** Id of the target name in the parse's chain names (chainNames.ts). */
  tId = -1;
  tGoto = false;
  tNameStart = 0;
  tNameEnd = 0;
  tStart = 0;
  tEnd = 0;
  /** Word index of the `-j`/`-g`. */
  tWord = 0;
  /** Number of options the current target has; its first and last (-1: none), via `oNext`. */
  tOpts = 0;
  tFirst = -1;
  tLast = -1;

  reset(): void {
    this.nOpt = 0;
    this.nGroup = 0;
    if (this.oNeg.length > KEEP_CAPACITY) this.resizeOptions(INITIAL_CAPACITY);
    if (this.gStart.length > KEEP_CAPACITY) this.resizeGroups(INITIAL_CAPACITY);
    this.tGen = 0;
    this.tOpts = 0;
    this.tFirst = -1;
    this.tLast = -1;
    if (this.indexedGroups > 0) {
      this.latest.clear();
      this.indexedGroups = 0;
    }
  }

  /** A new option's index (its fields are set by the caller, readOption.ts). */
  addOption(): number {
    const o = this.nOpt++;
    if (o === this.oNeg.length) this.resizeOptions(2 * o);
    return o;
  }

  /** Starts target generation `tGen + 1` (a `-j`/`-g`): it has no options yet. */
  newTarget(): void {
    this.tGen++;
    this.tOpts = 0;
    this.tFirst = -1;
    this.tLast = -1;
  }

  /** Gives option `o` (the latest read) to `owner`: a group index, or `-tGen` for the target. */
  own(o: number, owner: number): void {
    this.oOwner[o] = owner;
    this.oNext[o] = -1;
    if (owner < 0) {
      if (this.tLast < 0) this.tFirst = o;
      else this.oNext[this.tLast] = o;
      this.tLast = o;
      this.tOpts++;
      return;
    }
    const last = this.gLast[owner] as number;
    if (last < 0) this.gFirst[owner] = o;
    else this.oNext[last] = o;
    this.gLast[owner] = o;
  }

  /**
   * The latest group whose (known) module has option `v`, or -1. Groups are indexed by module as
   * they are first asked about, so a rule costs one step per group and one per module knowing `v`
   * (the option tables of modules.ts), however many groups it opens.
   */
  latestKnowing(v: string): number {
    const latest = this.latest;
    for (let g = this.indexedGroups; g < this.nGroup; g++) {
      const m = this.gModule[g] as string;
      if (MATCH_MODULES.has(m)) latest.set(m, g);
    }
    this.indexedGroups = this.nGroup;
    const modules = MODULES_WITH_OPTION.get(v);
    if (modules === undefined) return -1;
    let best = -1;
    for (const m of modules) {
      const g = latest.get(m);
      if (g !== undefined && g > best) best = g;
    }
    return best;
  }

  /** Opens a match group; returns its index. */
  addGroup(module: string, explicit: number, unknown: number, start: number, end: number, q: number): number {
    const g = this.nGroup++;
    if (g === this.gStart.length) this.resizeGroups(2 * g);
    this.gModule[g] = module;
    this.gExplicit[g] = explicit;
    this.gUnknown[g] = unknown;
    this.gStart[g] = start;
    this.gEnd[g] = end;
    this.gQuoted[g] = q;
    this.gFirst[g] = -1;
    this.gLast[g] = -1;
    return g;
  }

  /** New option storage of `cap` entries, keeping the first `nOpt`; `oName` shrinks with it. */
  private resizeOptions(cap: number): void {
    this.oNeg = grown(this.oNeg.subarray(0, this.nOpt), cap);
    this.oStart = grown(this.oStart.subarray(0, this.nOpt), cap);
    this.oEnd = grown(this.oEnd.subarray(0, this.nOpt), cap);
    this.oW0 = grown(this.oW0.subarray(0, this.nOpt), cap);
    this.oW1 = grown(this.oW1.subarray(0, this.nOpt), cap);
    this.oFirst = grown(this.oFirst.subarray(0, this.nOpt), cap);
    this.oGot = grown(this.oGot.subarray(0, this.nOpt), cap);
    this.oJoin = grown(this.oJoin.subarray(0, this.nOpt), cap);
    this.oOwner = grown(this.oOwner.subarray(0, this.nOpt), cap);
    this.oNext = grown(this.oNext.subarray(0, this.nOpt), cap);
    if (this.oName.length > cap) this.oName.length = cap;
  }

  /** New group storage of `cap` entries, keeping the first `nGroup`; `gModule` shrinks with it. */
  private resizeGroups(cap: number): void {
    this.gExplicit = grown(this.gExplicit.subarray(0, this.nGroup), cap);
    this.gUnknown = grown(this.gUnknown.subarray(0, this.nGroup), cap);
    this.gStart = grown(this.gStart.subarray(0, this.nGroup), cap);
    this.gEnd = grown(this.gEnd.subarray(0, this.nGroup), cap);
    this.gQuoted = grown(this.gQuoted.subarray(0, this.nGroup), cap);
    this.gFirst = grown(this.gFirst.subarray(0, this.nGroup), cap);
    this.gLast = grown(this.gLast.subarray(0, this.nGroup), cap);
    if (this.gModule.length > cap) this.gModule.length = cap;
  }
}

/** The match modules that have each option (`--dport`: tcp, udp, udplite, sctp, dccp). */
const MODULES_WITH_OPTION: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const [m, opts] of MATCH_MODULES) {
    for (const o of opts.keys()) {
      const list = out.get(o);
      if (list === undefined) out.set(o, [m]);
      else list.push(m);
    }
  }
  return out;
})();

/** True when word `k` is an unquoted `!`. */
export function isBangWord(buf: TokenBuffer, text: string, k: number): boolean {
  if (k >= buf.count || buf.quoted[k] === 1) return false;
  const s = buf.starts[k] as number;
  return (buf.ends[k] as number) - s === 1 && text.charCodeAt(s) === 33;
}

/** True when word `k` is an unquoted option name (`-s`, `--dport`; not `-1`). */
export function isOptionWord(buf: TokenBuffer, text: string, k: number): boolean {
  if (k >= buf.count || buf.quoted[k] === 1) return false;
  const s = buf.starts[k] as number;
  if ((buf.ends[k] as number) - s < 2 || text.charCodeAt(s) !== 45) return false;
  const c = text.charCodeAt(s + 1);
  return !(c >= 48 && c <= 57);
}

/** Word `k` as a string, resolved to the shared known-name string when it is one. */
export function knownOrValue(buf: TokenBuffer, text: string, k: number): string {
  const s = buf.starts[k] as number;
  const e = buf.ends[k] as number;
  if (buf.quoted[k] === 1) {
    const v = unquote(text, s, e);
    return KNOWN_NAMES.find(v, 0, v.length, hashRange(v, 0, v.length)) ?? v;
  }
  return KNOWN_NAMES.find(text, s, e, buf.hashes[k] as number) ?? text.slice(s, e);
}

/**
 * Word `k` as the target name of `shape`: a known target name (ACCEPT, DNAT, …), else a chain
 * name interned in the parse's chain names; sets `tName` and `tId`.
 */
export function readTargetName(ctx: RuleContext, k: number, shape: RuleShape): void {
  const { buf, chains } = ctx;
  let text = ctx.text;
  let s = buf.starts[k] as number;
  let e = buf.ends[k] as number;
  let h = buf.hashes[k] as number;
  if (buf.quoted[k] === 1) {
    text = unquote(text, s, e);
    s = 0;
    e = text.length;
    h = hashRange(text, 0, e);
  }
  // Known names (ACCEPT, DNAT, …) are numbered too, so that lowering can key every target by id.
  const id = chains.intern(text, s, e, h);
  shape.tName = chains.names[id] as string;
  shape.tId = id;
}
