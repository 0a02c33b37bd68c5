import { describe, expect, it } from 'vitest';
import { parseNftables } from './parse';
import { fixture, meaning } from './testing.node';

/**
 * The referee: each fixture was loaded with `nft -f` into a throwaway network namespace and
 * listed back with `nft list ruleset`, `nft -a list ruleset` and `nft -j list ruleset` (nftables
 * 1.0.6; test/fixtures/PROVENANCE.md). Whatever the form, the reader must see the same ruleset.
 */
describe('one ruleset, three forms', () => {
  const read = (name: string) => parseNftables(fixture(name));

  it('kube-proxy: transaction, listing, listing with handles and JSON agree', () => {
    const tx = read('kube-proxy-overall.nft');
    const list = read('kube-proxy-overall.list.txt');
    const handles = read('kube-proxy-overall.handles.txt');
    const json = read('kube-proxy-overall.json');
    expect([tx.result.form, list.result.form, json.result.form]).toEqual(['transaction', 'listing', 'json']);
    expect(meaning(list.result)).toEqual(meaning(tx.result));
    expect(meaning(handles.result)).toEqual(meaning(tx.result));
    expect(meaning(json.result)).toEqual(meaning(tx.result));
    for (const r of [tx, list, handles, json]) expect(r.diagnostics).toEqual([]);
  });

  it('other families, symbolic priorities, set options: block file, listing and JSON agree', () => {
    const file = read('misc.nft');
    const list = read('misc.list.txt');
    const json = read('misc.json');
    expect(meaning(list.result)).toEqual(meaning(file.result));
    // nft 1.0.6's JSON leaves out a netdev chain's `dev` (the listing has `device "lo"`).
    expect(json.result.tables.find((t) => t.family === 'netdev')?.chains[0]?.base?.device).toBeNull();
    expect(meaning(json.result)).toEqual(meaning(file.result, { device: false }));
    for (const r of [file, list, json]) expect(r.diagnostics).toEqual([]);
  });

  it('transaction commands (flush, insert, delete element, delete chain) end where nft ends', () => {
    const tx = read('ops.nft');
    const list = read('ops.list.txt');
    const json = read('ops.json');
    expect(meaning(tx.result)).toEqual(meaning(list.result));
    expect(meaning(json.result)).toEqual(meaning(list.result));
    expect(tx.result.commands.map((c) => `${c.verb} ${c.object}`)).toEqual([
      'flush chain',
      'delete element',
      'flush chain',
      'delete chain',
    ]);
    for (const r of [tx, list, json]) expect(r.diagnostics).toEqual([]);
  });

  it('iptables-nft: the listing and the JSON both flag the table', () => {
    for (const name of ['iptables-nft.list.txt', 'iptables-nft.json']) {
      const { result, diagnostics } = read(name);
      expect(result.tables.map((t) => [t.name, t.iptablesNft])).toEqual([['nat', true]]);
      expect(diagnostics.filter((d) => d.code === 'nftables/iptables-nft')).toHaveLength(1);
    }
  });
});
