import type { CliIo } from './io';
import { readInput } from './io';

/**
 * The node's other outputs a command may take beside the iptables-save file (issue 12):
 * `ipvsadm -Ln` (an IPVS-mode node's Services are traced through IPVS) and `ipset list` /
 * `ipset save` (`-m set --match-set` rules decided from the members). parseArgs options.
 */
export const NODE_OPTIONS = {
  ipvs: { type: 'string' },
  ipset: { type: 'string' },
} as const;

export const NODE_HELP = `--ipvs FILE   the node's \`ipvsadm -Ln\` output: on a kube-proxy IPVS node, Service addresses
              are traced through IPVS (kube-ipvs0, the real server each connection gets)
--ipset FILE  the node's \`ipset list\` or \`ipset save\` output: \`-m set\` rules are decided
              from the sets' members instead of assumed`;

export interface NodeTexts {
  readonly ipvs?: string;
  readonly ipset?: string;
  /** The file names, for diagnostics at file:line:col. */
  readonly files: { readonly ipvs?: string; readonly ipset?: string };
}

/** Reads the `--ipvs` / `--ipset` files named in `values` (a usage error when unreadable). */
export async function readNodeTexts(
  io: CliIo,
  values: { readonly ipvs?: unknown; readonly ipset?: unknown },
): Promise<NodeTexts> {
  const ipvsFile = typeof values.ipvs === 'string' ? values.ipvs : undefined;
  const ipsetFile = typeof values.ipset === 'string' ? values.ipset : undefined;
  return {
    ...(ipvsFile === undefined ? {} : { ipvs: await readInput(io, ipvsFile) }),
    ...(ipsetFile === undefined ? {} : { ipset: await readInput(io, ipsetFile) }),
    files: {
      ...(ipvsFile === undefined ? {} : { ipvs: ipvsFile }),
      ...(ipsetFile === undefined ? {} : { ipset: ipsetFile }),
    },
  };
}
