import type { Diagnostic, Severity, Span } from '../text';

/**
 * Every diagnostic the `ipvsadm` reader emits. Codes are a wire format (CLI JSON, worker protocol,
 * tests): never rename or reuse one; add new ones at the end. Severity rule: nothing here is an
 * error (the reader keeps every service it can read); **warning** = something the trace cannot
 * rely on (a name instead of an address, elided lines); **info** = skipped or kept verbatim.
 */
export const IPVS_CODES = [
  { code: 'ipvs/empty', severity: 'info', summary: 'Nothing but whitespace was pasted.' },
  {
    code: 'ipvs/not-ipvsadm',
    severity: 'warning',
    summary: 'No `ipvsadm -Ln` virtual service line was found in the text.',
  },
  {
    code: 'ipvs/ignored-text',
    severity: 'info',
    summary: 'Lines that are not ipvsadm output (shell prompts, prose) were skipped.',
  },
  {
    code: 'ipvs/elided-lines',
    severity: 'warning',
    summary: 'A `...` line: the paste leaves services out, so a VIP missing here may exist on the node.',
  },
  {
    code: 'ipvs/not-numeric',
    severity: 'warning',
    summary: 'A host or port name (`ipvsadm -L` without `-n`): it cannot be resolved here.',
  },
  { code: 'ipvs/bad-address', severity: 'warning', summary: 'An address that is not IPv4 or `[IPv6]`.' },
  { code: 'ipvs/bad-port', severity: 'warning', summary: 'A port outside 0..65535 or not a number.' },
  {
    code: 'ipvs/bad-number',
    severity: 'warning',
    summary: 'A weight, connection count or counter that is not a number.',
  },
  {
    code: 'ipvs/unknown-protocol',
    severity: 'warning',
    summary: 'A virtual service line whose protocol is not TCP, UDP, SCTP or FWM.',
  },
  {
    code: 'ipvs/unknown-scheduler',
    severity: 'warning',
    summary: 'A scheduler the Linux kernel does not ship (its choice is not described).',
  },
  {
    code: 'ipvs/unknown-flag',
    severity: 'info',
    summary: 'A virtual service flag this reader does not know.',
  },
  {
    code: 'ipvs/unknown-forward',
    severity: 'warning',
    summary: 'A forwarding method other than Masq, Route, Tunnel or Local.',
  },
  {
    code: 'ipvs/orphan-real-server',
    severity: 'warning',
    summary: 'A `-> RIP:port` line before any virtual service line.',
  },
  {
    code: 'ipvs/duplicate-service',
    severity: 'warning',
    summary: 'The same virtual service is listed twice; the first one is kept.',
  },
  {
    code: 'ipvs/no-header',
    severity: 'info',
    summary: 'No ipvsadm column header: the columns of `ipvsadm -Ln` are assumed.',
  },
  {
    code: 'ipvs/connection-listing',
    severity: 'info',
    summary: '`ipvsadm -Lnc` lists connections, not services: skipped.',
  },
  {
    code: 'ipvs/too-many-diagnostics',
    severity: 'info',
    summary: 'Too many diagnostics: the rest were dropped (the text is still read).',
  },
] as const satisfies readonly { code: string; severity: Severity; summary: string }[];

export type IpvsCode = (typeof IPVS_CODES)[number]['code'];

/** A finding about pasted `ipvsadm` output; the span points into that text. */
export type IpvsDiagnostic = Omit<Diagnostic, 'source' | 'code'> & {
  readonly source: 'ipvs';
  readonly code: IpvsCode;
};

const SEVERITY = new Map<string, Severity>(IPVS_CODES.map((c) => [c.code, c.severity]));

/** The cap keeps a huge paste of bad lines from producing a million markers. */
const MAX_DIAGNOSTICS = 500;

/** Collects diagnostics up to the cap, then one `ipvs/too-many-diagnostics`. */
export class IpvsSink {
  readonly diagnostics: IpvsDiagnostic[] = [];
  private dropped = false;

  add(code: IpvsCode, message: string, span: Span): void {
    if (this.diagnostics.length >= MAX_DIAGNOSTICS) {
      if (!this.dropped) {
        this.dropped = true;
        this.diagnostics.push({
          source: 'ipvs',
          severity: 'info',
          code: 'ipvs/too-many-diagnostics',
          message: `More than ${MAX_DIAGNOSTICS} diagnostics; the rest were dropped.`,
          span,
        });
      }
      return;
    }
    this.diagnostics.push({ source: 'ipvs', severity: SEVERITY.get(code) ?? 'info', code, message, span });
  }
}
