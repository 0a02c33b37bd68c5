import { randomBytes } from 'node:crypto';
import { run } from './exec';

/** Whether this machine can host the kernel suite, and if not, every reason why. */
export interface Prerequisites {
  readonly ok: boolean;
  readonly problems: readonly string[];
}

const TOOLS: readonly [string, readonly string[], string][] = [
  ['ip', ['-V'], 'iproute2'],
  ['iptables-restore', ['--version'], 'iptables'],
  ['iptables', ['--version'], 'iptables'],
  ['xtables-monitor', ['--version'], 'iptables (nft backend)'],
  ['nft', ['--version'], 'nftables'],
  ['conntrack', ['--version'], 'conntrack'],
  ['stdbuf', ['--version'], 'coreutils'],
  ['ping', ['-V'], 'iputils-ping'],
  // checks/ipsetFixtures.test.ts restores the ipset fixtures to certify them.
  ['ipset', ['version'], 'ipset'],
];

/**
 * Checks what the suite needs: root (CAP_NET_ADMIN to create namespaces and load rules), the tools
 * above, an nf_tables iptables (xtables-monitor --trace only works with the nft backend), and that a
 * namespace can really be created and deleted. Never throws.
 */
export async function checkPrerequisites(): Promise<Prerequisites> {
  const problems: string[] = [];
  if (process.platform !== 'linux') problems.push(`not Linux (${process.platform})`);
  if (typeof process.getuid === 'function' && process.getuid() !== 0)
    problems.push('not root (need CAP_NET_ADMIN)');
  for (const [cmd, args, pkg] of TOOLS) {
    const r = await run(cmd, args, { timeoutMs: 10_000 });
    if (r.code !== 0) problems.push(`${cmd} missing or broken (Debian package: ${pkg})`);
    if (cmd === 'iptables' && r.code === 0 && !r.stdout.includes('nf_tables')) {
      problems.push(
        `iptables is not the nf_tables variant (${r.stdout.trim()}): update-alternatives --set iptables /usr/sbin/iptables-nft`,
      );
    }
  }
  if (problems.length === 0) {
    const ns = `kpe-${process.pid}-probe${randomBytes(2).toString('hex')}`;
    const add = await run('ip', ['netns', 'add', ns]);
    if (add.code !== 0) problems.push(`cannot create a network namespace: ${add.stderr.trim()}`);
    else {
      const ipt = await run('ip', ['netns', 'exec', ns, 'iptables', '-w', '-t', 'nat', '-L', '-n']);
      if (ipt.code !== 0) problems.push(`iptables does not work inside a namespace: ${ipt.stderr.trim()}`);
      await run('ip', ['netns', 'del', ns]);
    }
  }
  return { ok: problems.length === 0, problems };
}

/** The loud banner printed when the suite cannot run. */
export function prerequisiteBanner(p: Prerequisites): string {
  const bar = '!'.repeat(78);
  return [
    bar,
    '!! KERNEL CONFORMANCE SUITE CANNOT RUN ON THIS MACHINE:',
    ...p.problems.map((x) => `!!   - ${x}`),
    bar,
  ].join('\n');
}
