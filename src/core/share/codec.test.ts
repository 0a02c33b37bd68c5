import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';
import { decodeScenario, encodeScenario } from './codec';
import { emptyScenario, type Scenario } from './scenario';

const sample: Scenario = {
  ...emptyScenario(),
  iptables: '*nat\n-A KUBE-SERVICES -m comment --comment "<img src=x onerror=alert(1)>" -j ACCEPT\nCOMMIT\n',
  kubectl: 'NAME TYPE\nweb NodePort\n',
  packet: { origin: 'pod', src: '10.244.36.7', dst: '10.104.247.10', proto: 'tcp', sport: null, dport: 80 },
  nodeIps: ['192.168.231.121'],
  endpoint: '10.244.169.163:80',
  step: 3,
  language: 'zh-CN',
  lesson: 'nodeport-web-seed',
  note: 'Why <b>two</b> pods?',
};

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('base64url', () => {
  it('round-trips any bytes and rejects characters outside the alphabet', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(decodeBase64url(encodeBase64url(bytes))).toEqual(bytes);
      }),
    );
    expect(decodeBase64url('ab+c')).toBeNull();
    expect(decodeBase64url('abcde')).toBeNull();
    expect(decodeBase64url('')).toEqual(new Uint8Array());
  });
});

describe('permalink codec', () => {
  it('round-trips a scenario, keeping hostile text as inert data', async () => {
    const fragment = await encodeScenario(sample);
    expect(fragment).toMatch(/^s=2\.[A-Za-z0-9_-]+$/);
    const decoded = await decodeScenario(`#${fragment}`);
    expect(decoded).toEqual({ ok: true, scenario: sample });
  });

  it('round-trips arbitrary inputs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (iptables, kubectl) => {
        const s = { ...emptyScenario(), iptables, kubectl };
        expect(await decodeScenario(await encodeScenario(s))).toEqual({ ok: true, scenario: s });
      }),
      { numRuns: 50 },
    );
  });

  it('opens the frozen version-1 link (a link made today opens in every later version)', async () => {
    const link = readFileSync(new URL('../../../test/share/links/v1.txt', import.meta.url), 'utf8');
    const decoded = await decodeScenario(link.trim());
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      expect(decoded.scenario.packet?.dst).toBe('10.104.247.10');
      expect(decoded.scenario.iptables).toContain('KUBE-SVC-LOLE4ISW44XBNF3G');
      // Migrated to the current shape: a v1 link carried no story.
      expect(decoded.scenario).toMatchObject({ version: 2, lesson: null, note: null });
    }
  });

  it('opens the frozen version-2 link with its lesson id and note', async () => {
    const link = readFileSync(new URL('../../../test/share/links/v2.txt', import.meta.url), 'utf8');
    expect(link.startsWith('#s=2.')).toBe(true);
    const decoded = await decodeScenario(link.trim());
    expect(decoded).toMatchObject({
      ok: true,
      scenario: {
        version: 2,
        lesson: 'nodeport-web-seed',
        note: 'Which pod answers the ClusterIP? (note from v2 fixture)',
        step: 4,
        packet: { dst: '10.104.247.10', dport: 80 },
      },
    });
  });

  it('migrates a v1 scenario to v2 by adding an empty story, keeping every v1 field', async () => {
    const { lesson: _l, note: _n, ...v1 } = { ...sample, version: 1 };
    const fragment = `s=1.${encodeBase64url(await deflateRaw(new TextEncoder().encode(JSON.stringify(v1))))}`;
    expect(await decodeScenario(fragment)).toEqual({
      ok: true,
      scenario: { ...sample, lesson: null, note: null },
    });
  });

  it('refuses a v2 note with a line break or a lesson id that is not kebab-case', async () => {
    for (const bad of [{ note: 'one\ntwo' }, { note: 'x'.repeat(281) }, { lesson: '../x' }]) {
      const fragment = await encodeScenario({ ...sample, ...bad });
      expect(await decodeScenario(fragment)).toMatchObject({ ok: false, code: 'share/bad-shape' });
    }
  });

  it('decodes through the inflate it is given (the seam for a streaming inflate)', async () => {
    const fragment = await encodeScenario(sample);
    const seen: number[] = [];
    const decoded = await decodeScenario(fragment, {
      inflate: async (bytes, limit) => {
        seen.push(limit);
        const s = new Blob([bytes as Uint8Array<ArrayBuffer>])
          .stream()
          .pipeThrough(new DecompressionStream('deflate-raw'));
        return { ok: true, bytes: new Uint8Array(await new Response(s).arrayBuffer()) };
      },
    });
    expect(decoded).toEqual({ ok: true, scenario: sample });
    expect(seen).toEqual([64 * 1024 * 1024]);
  });

  it.each([
    ['not a link', '#foo=bar', 'share/not-a-link'],
    ['an unknown version', '#s=99.AAAA', 'share/unknown-version'],
    ['bad base64', '#s=1.abcde', 'share/bad-base64'],
    ['corrupt deflate data', '#s=1.____________', 'share/corrupt'],
  ])('refuses %s', async (_name, fragment, code) => {
    const decoded = await decodeScenario(fragment);
    expect(decoded).toMatchObject({ ok: false, code });
  });

  it('refuses malformed JSON and a wrong shape', async () => {
    const badJson = `s=1.${encodeBase64url(await deflateRaw(new TextEncoder().encode('{"version":1,')))}`;
    expect(await decodeScenario(badJson)).toMatchObject({ ok: false, code: 'share/bad-json' });
    const wrong = `s=1.${encodeBase64url(await deflateRaw(new TextEncoder().encode('{"version":1,"iptables":5}')))}`;
    expect(await decodeScenario(wrong)).toMatchObject({ ok: false, code: 'share/bad-shape' });
  });

  it('gives the fact its refusal sentence lacks as data (which field, which version), never prose', async () => {
    const link = async (json: string) =>
      decodeScenario(`s=1.${encodeBase64url(await deflateRaw(new TextEncoder().encode(json)))}`);
    expect(await link('{"version":1,"iptables":5}')).toEqual({
      ok: false,
      code: 'share/bad-shape',
      detail: { kind: 'field', field: 'iptables' },
    });
    expect(await link('[1,2]')).toMatchObject({ detail: { kind: 'not-object' } });
    expect(await decodeScenario('#s=99.AAAA')).toEqual({
      ok: false,
      code: 'share/unknown-version',
      detail: { kind: 'version', version: '99' },
    });
    expect(await decodeScenario('#s=1.abcde')).toEqual({ ok: false, code: 'share/bad-base64', detail: null });
  });

  it('stops a decompression bomb at the inflated-size cap', async () => {
    const bomb = await deflateRaw(new Uint8Array(4 * 1024 * 1024)); // 4 MiB of zeros, ~4 kB deflated
    const fragment = `s=1.${encodeBase64url(bomb)}`;
    expect(fragment.length).toBeLessThan(10_000);
    expect(await decodeScenario(fragment, 1024 * 1024)).toMatchObject({ ok: false, code: 'share/too-large' });
  });
});
