import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadRuleset } from '../../../src/core/testing/load';
import { trace } from '../../../src/core/trace';
import { nsRun, run, runOk } from '../harness/exec';
import { describeKernel } from '../harness/gate';

/**
 * Issue 12 part 7 against this kernel: a pod's UDP datagram to 224.0.0.251 (mDNS, TTL 64) reaches
 * the node's PREROUTING but neither FORWARD nor INPUT — Linux does not forward 224.0.0.0/24 and the
 * node's pod-side interface has not joined the group — while a unicast datagram on the same path is
 * forwarded. Namespaces made here (pod ↔ node ↔ ext), never the root one; the tracer must agree.
 */
const id = `kpe-mc${process.pid}`;
const POD = `${id}-pod`;
const NODE = `${id}-node`;
const EXT = `${id}-ext`;

const RULES = `*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A PREROUTING -p udp -m udp --dport 5353
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -p udp -m udp --dport 5353
-A FORWARD -p udp -m udp --dport 5353
COMMIT
`;

const send = (dst: string) =>
  nsRun(POD, 'python3', [
    '-c',
    `import socket\ns=socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\ns.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 64)\nfor _ in range(3): s.sendto(b"q", ("${dst}", 5353))`,
  ]);

/** Packets counted by the first rule of `table` `chain` in the node namespace. */
async function counted(table: string, chain: string): Promise<number> {
  const out = await nsRun(NODE, 'iptables', ['-t', table, '-L', chain, '-v', '-x', '-n']);
  const row = out.split('\n')[2]?.trim().split(/\s+/);
  return Number(row?.[0]);
}

const zero = () => Promise.all(['raw', 'filter'].map((t) => nsRun(NODE, 'iptables', ['-t', t, '-Z'])));

describeKernel('multicast from a pod is not forwarded (route.c ip_route_input_rcu)', () => {
  beforeAll(async () => {
    for (const ns of [POD, NODE, EXT]) await runOk('ip', ['netns', 'add', ns]);
    await runOk('ip', [
      'link',
      'add',
      'vpod',
      'netns',
      NODE,
      'type',
      'veth',
      'peer',
      'name',
      'eth0',
      'netns',
      POD,
    ]);
    await runOk('ip', [
      'link',
      'add',
      'eth0',
      'netns',
      NODE,
      'type',
      'veth',
      'peer',
      'name',
      'eth0',
      'netns',
      EXT,
    ]);
    await nsRun(POD, 'ip', ['addr', 'add', '10.2.0.2/24', 'dev', 'eth0']);
    await nsRun(NODE, 'ip', ['addr', 'add', '10.2.0.1/24', 'dev', 'vpod']);
    await nsRun(NODE, 'ip', ['addr', 'add', '192.168.0.2/24', 'dev', 'eth0']);
    await nsRun(EXT, 'ip', ['addr', 'add', '192.168.0.9/24', 'dev', 'eth0']);
    for (const [ns, devs] of [
      [POD, ['lo', 'eth0']],
      [NODE, ['lo', 'vpod', 'eth0']],
      [EXT, ['lo', 'eth0']],
    ] as const)
      for (const d of devs) await nsRun(ns, 'ip', ['link', 'set', d, 'up']);
    await nsRun(POD, 'ip', ['route', 'add', 'default', 'via', '10.2.0.1']);
    await nsRun(EXT, 'ip', ['route', 'add', 'default', 'via', '192.168.0.2']);
    await nsRun(NODE, 'sysctl', ['-qw', 'net.ipv4.ip_forward=1']);
    await nsRun(NODE, 'iptables-restore', [], { input: RULES });
  }, 60_000);

  afterAll(async () => {
    for (const ns of [POD, NODE, EXT]) await run('ip', ['netns', 'del', ns]);
  });

  it('unicast is forwarded (control); 224.0.0.251 reaches PREROUTING only; the tracer agrees', async () => {
    await zero();
    await send('192.168.0.9');
    expect(await counted('raw', 'PREROUTING')).toBe(3);
    expect(await counted('filter', 'FORWARD')).toBe(3);

    await zero();
    await send('224.0.0.251');
    expect(await counted('raw', 'PREROUTING')).toBe(3);
    expect(await counted('filter', 'FORWARD')).toBe(0);
    expect(await counted('filter', 'INPUT')).toBe(0);

    const r = trace(
      loadRuleset(RULES),
      { origin: 'pod', src: '10.2.0.2', dst: '224.0.0.251', proto: 'udp', sport: 40000, dport: 5353 },
      { localAddresses: ['10.2.0.1', '192.168.0.2'] },
    );
    expect(r.outcomes).toHaveLength(1);
    expect(r.outcomes[0]).toMatchObject({ verdict: 'DROP', delivery: null });
    // The rule and raw PREROUTING's policy: nothing after the routing decision.
    expect(new Set(r.outcomes[0]?.path.map((s) => s.hook))).toEqual(new Set(['PREROUTING']));
  });
});
