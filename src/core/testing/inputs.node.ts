import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFixture, SEEDS_DIR } from '../../../test/fixtures';
import type { Ruleset } from '../ruleset';
import { loadRuleset } from './load';

/**
 * TEST-ONLY inputs for the kube-proxy model and graph tests, read through the real parser and lowering: the app's
 * built-in `web` example (the node behind test/seeds/001), the seed's own `iptables-save | grep web`
 * excerpt (no table header), and the shared fixtures.
 */

export const WEB_EXAMPLE_TEXT = readFileSync(
  new URL('../../ui/examples/webNode.iptables-save.txt', import.meta.url),
  'utf8',
);

/** The first block of `-A …` lines of test/seeds/001: what `iptables-save | grep web` printed. */
export function seedGrepExcerpt(): string {
  const file = readdirSync(SEEDS_DIR).find((f) => f.startsWith('001_')) as string;
  const block: string[] = [];
  for (const line of readFileSync(join(SEEDS_DIR, file), 'utf8').split('\n')) {
    if (line.startsWith('-A ')) block.push(line);
    else if (block.length > 0) break;
  }
  return `${block.join('\n')}\n`;
}

export function webRuleset(): Ruleset {
  return loadRuleset(WEB_EXAMPLE_TEXT);
}

export function fixtureRuleset(name: string): Ruleset {
  return loadRuleset(readFixture(`iptables/${name}`));
}

/** The seed's pod, node and Service addresses. */
export const WEB = {
  nodeIp: '192.168.231.121',
  clusterIp: '10.104.247.10',
  nodePort: 31947,
  svc: 'KUBE-SVC-LOLE4ISW44XBNF3G',
  seps: ['KUBE-SEP-BJLXVQMD4VVYPI2H', 'KUBE-SEP-HPW2WDDZQWHWFYBL', 'KUBE-SEP-G4IDOWJQUQJ6MLO4'],
  endpoints: ['10.244.169.161:80', '10.244.169.163:80', '10.244.169.165:80'],
} as const;
