import { describe, it } from 'vitest';
import { checkPrerequisites, prerequisiteBanner } from './prereq';

const prereq = await checkPrerequisites();
const skip = !prereq.ok && process.env.KPE_SKIP_KERNEL === '1';
if (!prereq.ok) {
  console.warn(
    `${prerequisiteBanner(prereq)}\n${skip ? '!! KPE_SKIP_KERNEL=1: the kernel suite is SKIPPED\n' : ''}`,
  );
}

/**
 * `describe` for a kernel suite. Where the machine cannot run it (not root, no namespaces, no
 * iptables-nft/xtables-monitor/conntrack) the suite does NOT pass silently: it becomes one failing
 * test naming every missing piece, unless KPE_SKIP_KERNEL=1, which skips it with a loud warning.
 */
export function describeKernel(name: string, body: () => void): void {
  describe.skipIf(skip)(name, () => {
    if (!prereq.ok) {
      it('has root, network namespaces, iptables-nft, xtables-monitor and conntrack', () => {
        throw new Error(
          `${prerequisiteBanner(prereq)}\nSet KPE_SKIP_KERNEL=1 to skip the kernel suite on purpose.`,
        );
      });
      return;
    }
    body();
  });
}
