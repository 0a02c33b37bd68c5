import { describe, expect, it } from 'vitest';
import { IPSET_CODES, type IpsetCode } from './codes';
import { parseIpset } from './parseIpset';

const set = (type: string, members: string[], header = 'family inet hashsize 1024 maxelem 65536') =>
  `Name: s\nType: ${type}\nRevision: 7\nHeader: ${header}\nSize in memory: 100\nReferences: 0\nNumber of entries: ${members.length}\nMembers:\n${members.join('\n')}\n`;

/** One input per code; a new code without an example fails the completeness test below. */
const EXAMPLES: Record<IpsetCode, string> = {
  'ipset/empty': '\n \n',
  'ipset/not-ipset': 'hello world\n',
  'ipset/ignored-text': `# ipset list\n${set('hash:ip', ['10.0.0.1'])}`,
  'ipset/unknown-type': set('hash:frob', ['x']),
  'ipset/bad-member': set('hash:ip,port', ['10.0.0.1,tcp:99999']),
  'ipset/bad-field': set('hash:ip', []).replace('Revision: 7', 'Revision: seven'),
  'ipset/unknown-option': set('hash:ip', ['10.0.0.1 frobnicate']),
  'ipset/entries-mismatch': set('hash:ip', ['10.0.0.1']).replace(
    'Number of entries: 1',
    'Number of entries: 9',
  ),
  'ipset/no-members':
    'Name: s\nType: hash:ip\nRevision: 7\nHeader: family inet hashsize 1024 maxelem 65536\n',
  'ipset/unknown-set': 'create a hash:ip family inet\nadd b 10.0.0.1\n',
  'ipset/duplicate-set': 'create a hash:ip family inet\ncreate a hash:ip family inet\n',
  'ipset/member-outside-set': '10.96.0.10,tcp:53\ncreate a hash:ip family inet\n',
  'ipset/too-many-diagnostics': set(
    'hash:ip',
    Array.from({ length: 600 }, () => 'not-an-ip'),
  ),
};

describe('IPSET_CODES', () => {
  it('has an example for every code and each example produces its code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(IPSET_CODES.map((c) => c.code).sort());
    for (const [code, text] of Object.entries(EXAMPLES)) {
      const got = parseIpset(text).diagnostics.map((d) => d.code);
      expect(got, code).toContain(code);
    }
  });

  it('gives each diagnostic the severity of its code and a span inside the text', () => {
    const severity = new Map(IPSET_CODES.map((c) => [c.code, c.severity]));
    for (const text of Object.values(EXAMPLES))
      for (const d of parseIpset(text).diagnostics) {
        expect(d.severity).toBe(severity.get(d.code));
        expect(d.source).toBe('ipset');
        expect(d.span.start).toBeGreaterThanOrEqual(0);
        expect(d.span.end).toBeLessThanOrEqual(text.length);
      }
  });
});
