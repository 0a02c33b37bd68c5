import { isValidAddressIn } from './address';
import { parseMarkMask, parsePortList, parsePortRange, parseProbability, parseUint32 } from './numbers';
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
  const { buf } = ctx;
  let s: string = ctx.text;
  let vs = buf.starts[w] as number;
  let ve = buf.ends[w] as number;
  if (buf.quoted[w] === 1) {
    s = unquote(s, vs, ve);
    vs = 0;
    ve = s.length;
  }
  switch (name) {
    case '-s':
    case '-d':
    case '--source':
    case '--src':
    case '--destination':
    case '--dst':
      if (module === '') checkAddresses(ctx, s, vs, ve, start, end);
      return;
    case '--sport':
    case '--dport':
    case '--source-port':
    case '--destination-port':
      if (parsePortRange(s, vs, ve) === null)
        ctx.sink.add('iptables/bad-port', `Bad port "${s.slice(vs, ve)}".`, start, end);
      return;
    case '--dports':
    case '--sports':
    case '--ports':
    case '--destination-ports':
    case '--source-ports': {
      const value = s.slice(vs, ve);
      if (module === 'multiport' && parsePortList(value) === null) {
        ctx.sink.add('iptables/bad-port', `Bad port list "${value}" (at most 15 ports).`, start, end);
      }
      return;
    }
    case '--probability': {
      const value = s.slice(vs, ve);
      if (Number.isNaN(parseProbability(value))) {
        ctx.sink.add(
          'iptables/bad-probability',
          `--probability must be a number from 0 to 1, not "${value}".`,
          start,
          end,
        );
      }
      return;
    }
    case '--every':
    case '--packet':
    case '--and-mark':
    case '--or-mark':
    case '--xor-mark':
      if (module !== 'statistic' && module !== 'MARK' && module !== 'CONNMARK') return;
      if (parseUint32(s, vs, ve) < 0)
        ctx.sink.add('iptables/bad-number', `Bad number "${s.slice(vs, ve)}".`, start, end);
      return;
    case '--mark':
    case '--set-xmark':
    case '--set-mark': {
      const value = s.slice(vs, ve);
      if (parseMarkMask(value) === null)
        ctx.sink.add('iptables/bad-number', `Bad mark "${value}".`, start, end);
      return;
    }
  }
}

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
