import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IPSET_CODES } from '../core/ipset';
import { IPTABLES_CODES } from '../core/iptables';
import { IPVS_CODES } from '../core/ipvs';
import { KUBECTL_CODES } from '../core/kubectl';
import { NFTABLES_CODES } from '../core/nftables';
import { CODE_EXPLANATIONS_ZH, explainCodeZh } from './codesZh';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every non-test `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** model/, trace/, ui/ and share/ codes are string literals where they are emitted. */
function literalCodes(): string[] {
  const found: string[] = [];
  for (const file of [...sources(join(SRC, 'core')), ...sources(join(SRC, 'workers'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/'((?:model|trace|ui|share)\/[a-z0-9-]+)'/g))
      found.push(m[1] as string);
  }
  return found;
}

const CODES = [
  ...new Set([
    ...IPTABLES_CODES.map((c) => c.code),
    ...NFTABLES_CODES.map((c) => c.code),
    ...Object.keys(KUBECTL_CODES),
    ...IPVS_CODES.map((c) => c.code),
    ...IPSET_CODES.map((c) => c.code),
    ...literalCodes(),
  ]),
].sort();

describe('CODE_EXPLANATIONS_ZH', () => {
  it('finds the codes of every family', () => {
    for (const family of [
      'iptables/',
      'nftables/',
      'kubectl/',
      'ipvs/',
      'ipset/',
      'model/',
      'trace/',
      'share/',
      'ui/',
    ])
      expect(CODES.some((c) => c.startsWith(family))).toBe(true);
  });
  it('explains every diagnostic and assumption code', () => {
    const missing = CODES.filter((c) => !Object.hasOwn(CODE_EXPLANATIONS_ZH, c));
    expect(missing, `codes without a 简体中文 explanation: ${missing.join(', ')}`).toEqual([]);
  });
  it('explains no code that no longer exists', () => {
    const known = new Set(CODES);
    const stale = Object.keys(CODE_EXPLANATIONS_ZH).filter((c) => !known.has(c));
    expect(stale, `explanations for codes that no longer exist: ${stale.join(', ')}`).toEqual([]);
  });
  it('has Chinese, non-empty explanations', () => {
    for (const [code, text] of Object.entries(CODE_EXPLANATIONS_ZH))
      expect(/[\u4e00-\u9fff]/.test(text), `${code}: ${text}`).toBe(true);
  });
});

describe('explainCodeZh', () => {
  it('returns the explanation of a known code and null otherwise', () => {
    expect(explainCodeZh('kubectl/endpoints-truncated')).toBe(
      CODE_EXPLANATIONS_ZH['kubectl/endpoints-truncated'],
    );
    expect(explainCodeZh('trace/no-such-code')).toBeNull();
    expect(explainCodeZh('toString')).toBeNull();
  });
});
