import { parseIpv4, parseIpv6 } from '../net';
import { isValidAddressIn } from './address';
import {
  parseMarkMask,
  parsePort,
  parsePortList,
  parsePortRange,
  parseProbability,
  parseUint32,
} from './numbers';
import type { RuleContext } from './ruleShape';
import { unquote } from './tokenize';

/**
 * Checks the values iptables-restore itself would refuse (xtables_ipparse_any, xtables_parse_port,
 * libxt_statistic's 0..1 range, strtonum for marks) and reports them as errors at the value.
 * Lowering trusts nothing and re-reads values; this only reports. Reads the first value (word `w`)
 * in place: allocation-free on valid addresses and ports.
 */
export function validateOption(
  ctx: RuleContext,
  module: string,
  name: string,
  w: number,
  start: number,
  end: number,
): void {
  // Most options have no check (a comment, a chain name): look the check up before unquoting the
  // value, which for a quoted kube-proxy comment is a copy of it.
  const check = CHECKS.get(name);
  if (check === undefined) return;
  const { buf } = ctx;
  let s: string = ctx.text;
  let vs = buf.starts[w] as number;
  let ve = buf.ends[w] as number;
  if (buf.quoted[w] === 1) {
    s = unquote(s, vs, ve);
    vs = 0;
    ve = s.length;
  }
  check(ctx, module, s, vs, ve, start, end);
}

/**
 * The check of one option: its first value is `s[vs, ve)` (`s` is the text itself unless the
 * value was quoted), `module` the group or target it belongs to, `start`/`end` the option's span.
 */
type Check = (
  ctx: RuleContext,
  module: string,
  s: string,
  vs: number,
  ve: number,
  start: number,
  end: number,
) => void;

const checkAddress: Check = (ctx, module, s, vs, ve, start, end) => {
  if (module === '') checkAddresses(ctx, s, vs, ve, start, end);
};

const checkPort: Check = (ctx, _module, s, vs, ve, start, end) => {
  if (parsePortRange(s, vs, ve) === null)
    ctx.sink.add('iptables/bad-port', `Bad port "${s.slice(vs, ve)}".`, start, end);
};

const checkPortList: Check = (ctx, module, s, vs, ve, start, end) => {
  const value = s.slice(vs, ve);
  if (module === 'multiport' && parsePortList(value) === null) {
    ctx.sink.add('iptables/bad-port', `Bad port list "${value}" (at most 15 ports).`, start, end);
  }
};

const checkProbability: Check = (ctx, _module, s, vs, ve, start, end) => {
  const value = s.slice(vs, ve);
  if (Number.isNaN(parseProbability(value))) {
    ctx.sink.add(
      'iptables/bad-probability',
      `--probability must be a number from 0 to 1, not "${value}".`,
      start,
      end,
    );
  }
};

const checkNumber: Check = (ctx, module, s, vs, ve, start, end) => {
  if (module !== 'statistic' && module !== 'MARK' && module !== 'CONNMARK') return;
  if (parseUint32(s, vs, ve) < 0)
    ctx.sink.add('iptables/bad-number', `Bad number "${s.slice(vs, ve)}".`, start, end);
};

const checkNat: Check = (ctx, module, s, vs, ve, start, end) => {
  if (module === 'DNAT' || module === 'SNAT') checkNatRange(ctx, s, vs, ve, s === ctx.text, start, end);
};

const checkToPorts: Check = (ctx, module, s, vs, ve, start, end) => {
  if (module === 'MASQUERADE' || module === 'REDIRECT') {
    if (!isPortPair(s, vs, ve))
      ctx.sink.add('iptables/bad-port', `Bad port or port range "${s.slice(vs, ve)}".`, start, end);
  }
};

const checkMark: Check = (ctx, _module, s, vs, ve, start, end) => {
  const value = s.slice(vs, ve);
  if (parseMarkMask(value) === null) ctx.sink.add('iptables/bad-number', `Bad mark "${value}".`, start, end);
};

/** The check of each option name that has one. */
const CHECKS: ReadonlyMap<string, Check> = new Map([
  ...['-s', '-d', '--source', '--src', '--destination', '--dst'].map((n) => [n, checkAddress] as const),
  ...['--sport', '--dport', '--source-port', '--destination-port'].map((n) => [n, checkPort] as const),
  ...['--dports', '--sports', '--ports', '--destination-ports', '--source-ports'].map(
    (n) => [n, checkPortList] as const,
  ),
  ['--probability', checkProbability],
  ...['--every', '--packet', '--and-mark', '--or-mark', '--xor-mark'].map((n) => [n, checkNumber] as const),
  ...['--to-destination', '--to-source'].map((n) => [n, checkNat] as const),
  ['--to-ports', checkToPorts],
  ...['--mark', '--set-xmark', '--set-mark'].map((n) => [n, checkMark] as const),
]);

/** `-s a[,b…]`: iptables accepts a comma-separated list (one rule per address). */
function checkAddresses(
  ctx: RuleContext,
  s: string,
  vs: number,
  ve: number,
  start: number,
  end: number,
): void {
  let comma = -1;
  for (let i = vs; i < ve; i++) {
    const c = s.charCodeAt(i);
    if (c === 58) ctx.ipv6 = true;
    else if (c === 44 && comma < 0) comma = i;
  }
  if (comma < 0) {
    if (!isValidAddressIn(s, vs, ve))
      ctx.sink.add('iptables/bad-address', `Bad address "${s.slice(vs, ve)}".`, start, end);
    return;
  }
  const value = s.slice(vs, ve);
  for (const part of value.split(',')) {
    if (!isValidAddressIn(part, 0, part.length))
      ctx.sink.add('iptables/bad-address', `Bad address "${part}" in "${value}".`, start, end);
  }
}

/** `p` or `p1-p2` with p1 <= p2 (libxt_MASQUERADE.c / libxt_DNAT.c parse_ports). */
function isPortPair(s: string, vs: number, ve: number): boolean {
  let dash = -1;
  for (let i = vs; i < ve; i++) if (s.charCodeAt(i) === 45) dash = dash < 0 ? i : dash;
  const from = parsePort(s, vs, dash < 0 ? ve : dash);
  const to = dash < 0 ? from : parsePort(s, dash + 1, ve);
  return from >= 0 && to >= 0 && from <= to;
}

function isIp(s: string, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (s.charCodeAt(i) === 58) return parseIpv6(s.slice(a, b)) !== null;
  return parseIpv4(s, a, b) >= 0;
}

/**
 * `--to-destination` / `--to-source`: `[ip[-ip]][:port[-port]]`, `[v6]:port` (libxt_DNAT.c
 * parse_to). iptables refuses an unreadable address ("Bad IP address") or port ("Port range …
 * invalid"): errors at the part that is wrong, so the trace never runs a DNAT it cannot read.
 * `inText`: the value is unquoted, so its offsets are offsets of the text.
 */
function checkNatRange(
  ctx: RuleContext,
  s: string,
  vs: number,
  ve: number,
  inText: boolean,
  start: number,
  end: number,
): void {
  let ipS = vs;
  let ipE = ve;
  let portS = -1;
  if (s.charCodeAt(vs) === 91) {
    let close = -1;
    for (let i = vs; i < ve; i++) if (s.charCodeAt(i) === 93) close = close < 0 ? i : close;
    if (close < 0 || (close + 1 < ve && s.charCodeAt(close + 1) !== 58)) {
      ctx.sink.add('iptables/bad-address', `Bad address "${s.slice(vs, ve)}".`, start, end);
      return;
    }
    ipS = vs + 1;
    ipE = close;
    if (close + 1 < ve) portS = close + 2;
  } else {
    let colons = 0;
    let at = -1;
    for (let i = vs; i < ve; i++) {
      if (s.charCodeAt(i) === 58) {
        colons++;
        at = i;
      }
    }
    if (colons === 1) {
      ipE = at;
      portS = at + 1;
    }
  }
  if (ipE > ipS) {
    let dash = -1;
    for (let i = ipS; i < ipE; i++) if (s.charCodeAt(i) === 45 && dash < 0) dash = i;
    const ok = dash < 0 ? isIp(s, ipS, ipE) : isIp(s, ipS, dash) && isIp(s, dash + 1, ipE);
    if (!ok) {
      ctx.sink.add(
        'iptables/bad-address',
        `Bad address "${s.slice(ipS, ipE)}" in "${s.slice(vs, ve)}".`,
        inText ? ipS : start,
        inText ? Math.max(ipS + 1, ipE) : end,
      );
    }
  } else if (portS < 0) {
    ctx.sink.add('iptables/bad-address', `"${s.slice(vs, ve)}" names no address or port.`, start, end);
  }
  if (portS >= 0 && !isPortPair(s, portS, ve)) {
    ctx.sink.add(
      'iptables/bad-port',
      `Bad port or port range "${s.slice(portS, ve)}" in "${s.slice(vs, ve)}" (0-65535, low-high).`,
      inText ? portS : start,
      inText ? Math.max(portS + 1, ve) : end,
    );
  }
}
