import { generateIptablesSave } from '../../sim/generate';
import { generateKubectlJson } from '../../sim/kubectlJson';
import { generateKubectl } from '../../sim/kubectlText';
import { NFT_ERAS, type NftEra } from '../../sim/nftEra';
import { generateNftables } from '../../sim/nftGenerate';
import { randomClusterSpec } from '../../sim/randomSpec';
import type { Command } from '../args';
import { intOption, parseCommandArgs } from '../args';
import { UsageError } from '../io';

const HELP = `Usage: cli gen --services N --seed S [--flavour iptables-save|restore-input] [--nodes K]
               [--nfacct] [--random-fully] [--kubectl out.txt] [--kubectl-json out.json] > dump.txt
       cli gen --mode nftables [--era 1.33|1.34|1.36] --services N --seed S … > ruleset.nft

Generates a seeded, realistic cluster and writes the iptables rules kube-proxy (iptables mode,
v1.28+) keeps for it to stdout: --flavour iptables-save (default; as iptables-save prints it on the
node) or restore-input (what kube-proxy feeds iptables-restore). --kubectl also writes
\`kubectl get svc,ep -A\` for the same cluster, --kubectl-json the -o json List.
--nfacct adds kube-proxy's nfacct counters (the nfacct objects must exist before iptables-restore).
--mode nftables writes what kube-proxy's nftables mode sends instead (knftables \`add …\` lines that
\`nft -f\` loads) for --era 1.33 (before the 1.34 base-chain re-layout), 1.34 (default) or 1.36
(inline masquerade marks, hairpin-connections set, endpoints in a numgen dnat map).
`;

/** `cli gen`: random cluster → dump on stdout (and kubectl files). */
export const genCommand: Command = {
  name: 'gen',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      services: { type: 'string' },
      seed: { type: 'string' },
      flavour: { type: 'string' },
      mode: { type: 'string' },
      era: { type: 'string' },
      nodes: { type: 'string' },
      nfacct: { type: 'boolean' },
      'random-fully': { type: 'boolean' },
      kubectl: { type: 'string' },
      'kubectl-json': { type: 'string' },
    });
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const v = values as Record<string, string | boolean | undefined>;
    const services = intOption(v.services as string | undefined, 'services', 0, 200_000);
    if (services === undefined) throw new UsageError('missing --services');
    const seed = intOption(v.seed as string | undefined, 'seed', 0, 2 ** 32 - 1) ?? 1;
    const flavour = (v.flavour as string | undefined) ?? 'iptables-save';
    if (flavour !== 'iptables-save' && flavour !== 'restore-input') {
      throw new UsageError(`--flavour must be iptables-save or restore-input, got "${flavour}"`);
    }
    const mode = (v.mode as string | undefined) ?? 'iptables';
    if (mode !== 'iptables' && mode !== 'nftables')
      throw new UsageError(`--mode must be iptables or nftables, got "${mode}"`);
    const era = (v.era as string | undefined) ?? '1.34';
    if (!NFT_ERAS.includes(era as NftEra))
      throw new UsageError(`--era must be one of ${NFT_ERAS.join(', ')}, got "${era}"`);
    if (v.era !== undefined && mode !== 'nftables') throw new UsageError('--era needs --mode nftables');
    const spec = randomClusterSpec({
      services,
      seed,
      nodes: intOption(v.nodes as string | undefined, 'nodes', 1, 255),
      nfacct: v.nfacct === true,
      randomFully: v['random-fully'] === true,
    });
    if (typeof v.kubectl === 'string') await io.writeFile(v.kubectl, generateKubectl(spec));
    if (typeof v['kubectl-json'] === 'string')
      await io.writeFile(v['kubectl-json'], generateKubectlJson(spec));
    io.stdout(
      mode === 'nftables'
        ? generateNftables(spec, { era: era as NftEra })
        : generateIptablesSave(spec, { flavour }),
    );
    return 0;
  },
};
