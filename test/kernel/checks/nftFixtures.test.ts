import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { readFixture } from '../../fixtures';
import { run, runOk } from '../harness/exec';
import { describeKernel } from '../harness/gate';
import { NS_PREFIX } from '../harness/topology';

/**
 * Certifies the nftables/ listings (test/fixtures/PROVENANCE.md): each was printed by nft after
 * loading an input kept beside it, so loading that input into a fresh namespace must print it again.
 * Two things are not compared: `expires` (time left on a set element, which depends on when nft
 * lists) and the JSON `metainfo` object (nft's version banner). A fresh namespace numbers handles
 * from 1, as the run that wrote the fixtures did.
 */
interface Listing {
  readonly input: string;
  /** How the input is loaded (`nft -f -`, or iptables-nft-restore for the iptables-nft table). */
  readonly load: readonly string[];
  readonly list: string;
  readonly json: string;
  readonly handles?: string;
  /** The listing file holds nft's stderr (its "managed by iptables-nft" warning) before stdout. */
  readonly withStderr?: boolean;
}

const LISTINGS: readonly Listing[] = [
  {
    input: 'kube-proxy-overall.nft',
    load: ['nft', '-f', '-'],
    list: 'kube-proxy-overall.list.txt',
    json: 'kube-proxy-overall.json',
    handles: 'kube-proxy-overall.handles.txt',
  },
  { input: 'misc.nft', load: ['nft', '-f', '-'], list: 'misc.list.txt', json: 'misc.json' },
  { input: 'ops.nft', load: ['nft', '-f', '-'], list: 'ops.list.txt', json: 'ops.json' },
  {
    input: 'iptables-nft.restore.txt',
    load: ['iptables-nft-restore', '-w'],
    list: 'iptables-nft.list.txt',
    json: 'iptables-nft.json',
    withStderr: true,
  },
];

const noExpiry = (text: string) => text.replace(/ expires \S+?(?=[ ,}\n])/g, ' expires …');
const jsonBody = (text: string) =>
  (JSON.parse(text, (k, v) => (k === 'expires' ? 0 : v)) as { nftables: object[] }).nftables.filter(
    (o) => !('metainfo' in o),
  );

/** Loads `l.input` into a fresh namespace and returns what nft lists in each form. */
async function listAfterLoading(l: Listing): Promise<{ list: string; json: string; handles: string }> {
  const ns = `${NS_PREFIX}${process.pid}-nft${randomBytes(2).toString('hex')}`;
  await runOk('ip', ['netns', 'add', ns]);
  try {
    const exec = ['netns', 'exec', ns];
    await runOk('ip', [...exec, ...l.load], { input: readFixture(`nftables/${l.input}`) });
    const list = await run('ip', [...exec, 'nft', 'list', 'ruleset']);
    expect(list.code, list.stderr).toBe(0);
    return {
      list: l.withStderr ? list.stderr + list.stdout : list.stdout,
      json: await runOk('ip', [...exec, 'nft', '-j', 'list', 'ruleset']),
      handles: await runOk('ip', [...exec, 'nft', '-a', 'list', 'ruleset']),
    };
  } finally {
    await run('ip', ['netns', 'del', ns]);
  }
}

describeKernel('kernel: the nftables/ listings are what nft prints for their inputs', () => {
  for (const l of LISTINGS) {
    it(`${l.input} lists as ${[l.list, l.json, l.handles].filter(Boolean).join(', ')}`, async () => {
      const got = await listAfterLoading(l);
      expect(noExpiry(got.list)).toBe(noExpiry(readFixture(`nftables/${l.list}`)));
      expect(jsonBody(got.json)).toEqual(jsonBody(readFixture(`nftables/${l.json}`)));
      if (l.handles) expect(noExpiry(got.handles)).toBe(noExpiry(readFixture(`nftables/${l.handles}`)));
    });
  }
});
