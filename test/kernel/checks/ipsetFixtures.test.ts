import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { readFixture } from '../../fixtures';
import { run, runOk } from '../harness/exec';
import { describeKernel } from '../harness/gate';
import { NS_PREFIX } from '../harness/topology';

/**
 * Certifies ipset/generated-kube-types.* (test/fixtures/PROVENANCE.md): the `ipset save` file is a
 * command list (`create`/`add`), so restoring it into a fresh namespace (sets are per network
 * namespace) must list and save as the two fixtures again. Not compared: the seconds a member with a
 * timeout has left (`… timeout 299` at the end of a member or `add` line), which depend on when the
 * listing runs.
 */
const SAVE = 'ipset/generated-kube-types.ipset-save.txt';
const LIST = 'ipset/generated-kube-types.ipset-list.txt';

/** Members and `add` lines end with the time left; `Header:` / `create` lines carry the set default. */
const noTimeLeft = (text: string) =>
  text
    .split('\n')
    .map((l) => (/^(Header:|create |Name:)/.test(l) ? l : l.replace(/ timeout \d+$/, ' timeout …')))
    .join('\n');

describeKernel('kernel: ipset/generated-kube-types.* are what ipset prints for those sets', () => {
  it('restoring the ipset save file lists and saves as both fixtures', async () => {
    const ns = `${NS_PREFIX}${process.pid}-ipset${randomBytes(2).toString('hex')}`;
    await runOk('ip', ['netns', 'add', ns]);
    try {
      const exec = ['ip', 'netns', 'exec', ns, 'ipset'];
      await runOk(exec[0]!, [...exec.slice(1), 'restore'], { input: readFixture(SAVE) });
      const list = await runOk(exec[0]!, [...exec.slice(1), 'list']);
      const save = await runOk(exec[0]!, [...exec.slice(1), 'save']);
      expect(noTimeLeft(list)).toBe(noTimeLeft(readFixture(LIST)));
      expect(noTimeLeft(save)).toBe(noTimeLeft(readFixture(SAVE)));
    } finally {
      await run('ip', ['netns', 'del', ns]);
    }
  });
});
