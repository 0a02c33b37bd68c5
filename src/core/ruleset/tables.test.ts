import { describe, expect, it } from 'vitest';
import { BASE_CHAINS, BUILTIN_CHAINS, baseChainsOn, HOOK_NAMES, TABLE_NAMES } from './tables';

const order = (hook: (typeof HOOK_NAMES)[number]) =>
  baseChainsOn(hook).map((c) => `${c.table} ${c.priority}`);

describe('base chains', () => {
  it('run in the kernel order per hook (nf_ip_hook_priorities; nat DNAT before, SNAT after filter)', () => {
    expect(HOOK_NAMES.map((h) => [h, order(h)])).toEqual([
      ['PREROUTING', ['raw -300', 'mangle -150', 'nat -100']],
      ['INPUT', ['mangle -150', 'filter 0', 'security 50', 'nat 100']],
      ['FORWARD', ['mangle -150', 'filter 0', 'security 50']],
      ['OUTPUT', ['raw -300', 'mangle -150', 'nat -100', 'filter 0', 'security 50']],
      ['POSTROUTING', ['mangle -150', 'nat 100']],
    ]);
  });
  it('carry the chain types iptables-nft registers (iptables/nft.c builtin_table)', () => {
    const types = new Set(BASE_CHAINS.map((c) => `${c.table}/${c.chain} ${c.type}`));
    expect(types.has('mangle/OUTPUT route')).toBe(true);
    expect(types.has('mangle/PREROUTING filter')).toBe(true);
    expect(types.has('nat/POSTROUTING nat')).toBe(true);
    expect(types.has('raw/PREROUTING filter')).toBe(true);
    expect(BASE_CHAINS.every((c) => c.chain === c.hook)).toBe(true);
  });
  it('name the built-in chains of each table (iptables(8) TABLES), tables in TABLE_NAMES order', () => {
    expect(Object.keys(BUILTIN_CHAINS)).toEqual([...TABLE_NAMES]);
    expect(BUILTIN_CHAINS).toEqual({
      raw: ['PREROUTING', 'OUTPUT'],
      mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
      nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
      filter: ['INPUT', 'FORWARD', 'OUTPUT'],
      security: ['INPUT', 'FORWARD', 'OUTPUT'],
    });
  });
});
