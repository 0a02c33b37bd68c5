import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isNothing,
  readClusterIpCell,
  readPortsCell,
  splitHostPort,
  splitItems,
  splitMore,
} from './cellValues';
import { DiagnosticSink } from './codes';
import { fastClusterIPs, fastEndpoints, fastPorts } from './tableFast';

/** A cell placed inside padding, as in a table row: the fast readers get offsets, not a slice. */
function placed(text: string) {
  const line = `  x ${text}   y`;
  const start = 4;
  return { line, start, end: start + text.length, cell: { text, start, end: start + text.length } };
}

/** What the general reader makes of an ENDPOINTS cell, when it reports nothing. */
function generalEndpoints(text: string) {
  const sink = new DiagnosticSink();
  const { cell } = placed(text);
  const { list, hidden } = splitMore(cell);
  const pairs: string[] = [];
  if (!isNothing(list)) {
    for (const item of splitItems(list)) {
      const hp = splitHostPort(item.text);
      if (hp) pairs.push(`${hp.ip}|${hp.port}`);
      else sink.report('kubectl/bad-endpoint', 'x', item);
    }
  }
  return { pairs, hidden, clean: sink.diagnostics.length === 0 };
}

const pieces = [
  '10.0.0.1',
  '192.168.1.254',
  '300.1.1.1',
  ':',
  '80',
  '0',
  '65536',
  ',',
  ' ',
  '+',
  ' + 3 more...',
  'more...',
  '/TCP',
  '/UDP',
  '/SCTP',
  '/tcp',
  '<none>',
  'None',
  '[fd00::1]',
  '\u00a0',
  'a',
  '1.2.3',
  '080',
];
const cellText = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((p) => p.join('').trim());

describe('fast cell readers agree with the general ones', () => {
  it('read the plain shapes kubectl prints', () => {
    const c = placed('10.96.0.10');
    expect(fastClusterIPs(c.line, c.start, c.end)).toEqual(['10.96.0.10']);
    const p = placed('80:30080/TCP,53/UDP');
    expect(fastPorts(p.line, p.start, p.end)?.map((x) => [x.port, x.nodePort, x.protocol])).toEqual([
      [80, 30080, 'TCP'],
      [53, null, 'UDP'],
    ]);
    const e = placed('10.0.0.1:80,10.0.0.2:80 + 7 more...');
    expect(fastEndpoints(e.line, e.start, e.end)).toEqual({
      ips: ['10.0.0.1', '10.0.0.2'],
      ports: [80, 80],
      hidden: 7,
    });
  });

  it('leave dual-stack, IPv6 and malformed cells to the general readers', () => {
    for (const text of ['10.0.0.1,fd00::1', 'fd00::10']) {
      const c = placed(text);
      expect(fastClusterIPs(c.line, c.start, c.end), text).toBeNull();
    }
    for (const text of ['99999/TCP', '80/tcp', '80:/TCP', '80/TCP,', '80 /TCP']) {
      const p = placed(text);
      expect(fastPorts(p.line, p.start, p.end), text).toBeNull();
    }
    for (const text of ['[fd00::1]:80', '10.0.0.1', '10.0.0.1:80,,10.0.0.2:80', '10.0.0.1:80 +  more...']) {
      const e = placed(text);
      expect(fastEndpoints(e.line, e.start, e.end), text).toBeNull();
    }
  });

  it('on random cells: when the fast reader answers, the general reader says the same and reports nothing', () => {
    fc.assert(
      fc.property(cellText, (text) => {
        const c = placed(text);
        const ips = fastClusterIPs(c.line, c.start, c.end);
        if (ips !== null) {
          const sink = new DiagnosticSink();
          expect(readClusterIpCell(c.cell, sink)).toEqual(ips);
          expect(sink.diagnostics).toEqual([]);
        }
        const ports = fastPorts(c.line, c.start, c.end);
        if (ports !== null) {
          const sink = new DiagnosticSink();
          expect(readPortsCell(c.cell, sink)).toEqual(ports);
          expect(sink.diagnostics).toEqual([]);
        }
        const eps = fastEndpoints(c.line, c.start, c.end);
        if (eps !== null) {
          const general = generalEndpoints(text);
          expect(general.clean).toBe(true);
          expect(eps.ips.map((ip, i) => `${ip}|${eps.ports[i]}`)).toEqual(general.pairs);
          expect(eps.hidden).toBe(general.hidden);
        }
      }),
      { numRuns: 3000, seed: 20240607 },
    );
  });
});
