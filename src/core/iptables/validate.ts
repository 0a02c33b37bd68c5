import { isValidAddress } from './address';
import { parseMarkMask, parsePortList, parsePortRange, parseProbability, parseUint32 } from './numbers';
import type { RuleContext } from './parseRule';

/**
 * Checks the values iptables-restore itself would refuse (xtables_ipparse_any, xtables_parse_port,
 * libxt_statistic's 0..1 range, strtonum for marks) and reports them as errors at the value.
 * Lowering trusts nothing and re-reads values; this only reports. Allocation-free on valid input.
 */
export function validateOption(
  ctx: RuleContext,
  module: string,
  name: string,
  values: readonly string[],
  start: number,
  end: number,
): void {
  const value = values[0] as string;
  switch (name) {
    case '-s':
    case '-d':
    case '--source':
    case '--src':
    case '--destination':
    case '--dst':
      if (module === '') checkAddresses(ctx, value, start, end);
      return;
    case '--sport':
    case '--dport':
    case '--source-port':
    case '--destination-port':
      if (parsePortRange(value) === null)
        ctx.sink.add('iptables/bad-port', `Bad port "${value}".`, start, end);
      return;
    case '--dports':
    case '--sports':
    case '--ports':
    case '--destination-ports':
    case '--source-ports':
      if (module === 'multiport' && parsePortList(value) === null) {
        ctx.sink.add('iptables/bad-port', `Bad port list "${value}" (at most 15 ports).`, start, end);
      }
      return;
    case '--probability':
      if (Number.isNaN(parseProbability(value))) {
        ctx.sink.add(
          'iptables/bad-probability',
          `--probability must be a number from 0 to 1, not "${value}".`,
          start,
          end,
        );
      }
      return;
    case '--every':
    case '--packet':
    case '--and-mark':
    case '--or-mark':
    case '--xor-mark':
      if (module !== 'statistic' && module !== 'MARK' && module !== 'CONNMARK') return;
      if (parseUint32(value, 0, value.length) < 0)
        ctx.sink.add('iptables/bad-number', `Bad number "${value}".`, start, end);
      return;
    case '--mark':
    case '--set-xmark':
    case '--set-mark':
      if (parseMarkMask(value) === null)
        ctx.sink.add('iptables/bad-number', `Bad mark "${value}".`, start, end);
      return;
  }
}

/** `-s a[,b…]`: iptables accepts a comma-separated list (one rule per address). */
function checkAddresses(ctx: RuleContext, value: string, start: number, end: number): void {
  if (value.indexOf(':') !== -1) ctx.ipv6 = true;
  if (value.indexOf(',') === -1) {
    if (!isValidAddress(value)) ctx.sink.add('iptables/bad-address', `Bad address "${value}".`, start, end);
    return;
  }
  for (const part of value.split(',')) {
    if (!isValidAddress(part))
      ctx.sink.add('iptables/bad-address', `Bad address "${part}" in "${value}".`, start, end);
  }
}
