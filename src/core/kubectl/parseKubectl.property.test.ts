import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kubectlFixtures, readFixture } from '../../../test/fixtures';
import { KUBECTL_CODES } from './codes';
import { scanJson } from './jsonScan';
import { parseKubectl } from './parseKubectl';

/** A pod table (kubernetes/kube-proxy#5, with calico#8344's restarts) beside Endpoints, to mutate too. */
const PODS = [
  'NAMESPACE     NAME                          READY   STATUS    RESTARTS       AGE   IP               NODE      NOMINATED NODE   READINESS GATES',
  'default       ambassador-587bcf4475-b8tds   2/2     Running   9 (5m4s ago)   34d   10.241.216.40    node1     <none>           <none>',
  'kube-system   kube-proxy-sj9wh              1/1     Running   5              47d   172.18.240.137   master1   <none>           <none>',
  'kube-system   kube-scheduler-master1        1/1     Running   1              43d   172.18.240.137   master1   <none>           <none>',
  '',
  'NAMESPACE     NAME    ENDPOINTS                                AGE',
  'default       amb     10.241.216.40:8080                       1d',
  'kube-system   sched   172.18.240.137:10259,10.241.216.40:80    1d',
  '',
].join('\n');

const FIXTURES = [...kubectlFixtures().map((f) => readFixture(`kubectl/${f}`)), PODS];

/** Never throws, and every diagnostic is well-formed and inside the text. */
function checkInvariants(text: string): void {
  const { result, diagnostics } = parseKubectl(text);
  for (const d of diagnostics) {
    expect(KUBECTL_CODES[d.code as keyof typeof KUBECTL_CODES]).toBe(d.severity);
    expect(d.source).toBe('kubectl');
    expect(0 <= d.span.start && d.span.start <= d.span.end && d.span.end <= text.length).toBe(true);
  }
  for (const s of [...result.services, ...result.endpoints, ...result.pods]) {
    expect(s.offset >= 0 && s.offset <= text.length).toBe(true);
  }
}

/** Small edits users (and truncating clipboards) make: cut, insert, duplicate, join lines. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), len: fc.nat({ max: 200 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), s: fc.string({ maxLength: 20 }) }),
  fc.record({ kind: fc.constant('dup' as const), at: fc.nat(), len: fc.nat({ max: 300 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('noise' as const),
    at: fc.nat(),
    s: fc.constantFrom(
      '{',
      '[',
      '"',
      ':',
      ' + 3 more...',
      '\n---\n',
      'NAME   TYPE   CLUSTER-IP\n',
      '\u0000',
      '\t',
    ),
  }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(text: string, m: Mutation): string {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case 'cut':
      return text.slice(0, at) + text.slice(at + m.len);
    case 'insert':
    case 'noise':
      return text.slice(0, at) + m.s + text.slice(at);
    case 'dup':
      return text.slice(0, at + m.len) + text.slice(at, at + m.len) + text.slice(at + m.len);
    case 'truncate':
      return text.slice(0, at);
  }
}

describe('parseKubectl never throws', () => {
  it('on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), checkInvariants), { numRuns: 300 });
  });

  it('on mutated fixtures', () => {
    const input = fc.tuple(
      fc.nat({ max: FIXTURES.length - 1 }),
      fc.array(mutation, { minLength: 1, maxLength: 5 }),
    );
    fc.assert(
      fc.property(input, ([i, ms]) => checkInvariants(ms.reduce(mutate, FIXTURES[i] as string))),
      { numRuns: 300 },
    );
  });

  it('on hostile nesting and lone brackets', () => {
    const deep = `[${'{"a":['.repeat(20_000)}${']}'.repeat(20_000)}]`;
    const yamlDeep = `apiVersion: v1\nkind: List\nitems: ${'['.repeat(5_000)}${']'.repeat(5_000)}\n`;
    const laughs = `apiVersion: v1\nkind: Service\na: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n`;
    const hostile = [
      '['.repeat(200_000),
      '[{"a":['.repeat(50_000),
      '{"a":'.repeat(100_000),
      deep,
      yamlDeep,
      laughs,
    ];
    for (const text of [
      ...hostile,
      `${'- '.repeat(5000)}x`,
      '{',
      '[',
      '[]',
      '{}',
      'apiVersion: v1\n&a [*a]',
    ]) {
      checkInvariants(text);
    }
  });
});

describe('scanJson agrees with JSON.parse', () => {
  const valid = (s: string) => {
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  };
  const accepts = (s: string) => {
    const start = s.search(/\S/);
    if (start === -1) return false;
    const scan = scanJson(s, start);
    return scan.error === null && s.slice(scan.end).trim() === '';
  };

  it('on generated JSON and mutations of it', () => {
    const text = fc
      .tuple(fc.json(), fc.array(mutation, { maxLength: 2 }))
      .map(([j, ms]) => ms.reduce(mutate, j));
    fc.assert(
      fc.property(text, (s) => {
        // JSON.parse's whitespace is only " \t\n\r"; keep inputs where String#trim agrees.
        fc.pre(!/[^\S \t\n\r]/.test(s));
        expect(accepts(s)).toBe(valid(s));
      }),
      { numRuns: 500 },
    );
  });
});
