import { describe, expect, it } from 'vitest';
import { readFixture } from '../../fixtures';
import { parseConntrackEvent } from '../harness/monitors';
import { handleToPlace, indexDump, prepareForKernel } from '../harness/ruleLoad';
import { TraceLog } from '../harness/traceParse';
import { chiSquareTest } from './stats';

// Lines as xtables-monitor 1.8.9 printed them in this suite's namespaces (trimmed rule texts).
const MONITOR = [
  'PACKET: 0 354bd0ab IN=eth0 MACSRC=2:6b:70:0:0:1 MACDST=2:6b:70:0:0:2 MACPROTO=0800 SRC=203.0.113.2 DST=192.168.0.2 LEN=60 TOS=0x0 TTL=64 ID=1 DF SPORT=40005 DPORT=3003 SYN ',
  ' TRACE: 2 354bd0ab raw:PREROUTING:rule:0x2:CONTINUE  -4 -t raw -A PREROUTING -p tcp -m tcp --sport 40000:49999 --tcp-flags SYN,RST,ACK,FIN SYN -j TRACE',
  ' TRACE: 2 354bd0ab raw:PREROUTING:policy:ACCEPT ',
  ' TRACE: 2 354bd0ab nat:PREROUTING:rule:0x5:JUMP:KUBE-SERVICES  -4 -t nat -A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
  'PACKET: 0 354bd0ab IN=eth0 SRC=203.0.113.2 DST=10.180.0.3 LEN=60 TOS=0x0 TTL=64 ID=1 DF SPORT=40005 DPORT=80 SYN ',
  ' TRACE: 2 354bd0ab nat:KUBE-FW-X:return:',
  ' TRACE: 2 354bd0ab nat:KUBE-POSTROUTING:rule:0x9:0xfffffffb  -4 -t nat -A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN',
  'PACKET: 0 0badcafe IN=lo SRC=192.168.0.2 DST=192.168.0.2 LEN=60 TOS=0x0 TTL=64 ID=2 DF SPORT=40006 DPORT=30000 SYN ',
];

describe('kernel harness parsers (pure; run everywhere)', () => {
  it('groups xtables-monitor events per trace id and keeps the pre-NAT header', () => {
    const log = new TraceLog();
    for (const l of MONITOR) log.push(l);
    const p = log.find('203.0.113.2', 40005, '192.168.0.2', 3003)!;
    expect(p.iif).toBe('eth0');
    expect(
      p.events.map(
        (e) => `${e.table}:${e.chain}:${e.type}:${e.verdict}:${e.jumpTarget ?? ''}:${e.handle ?? ''}`,
      ),
    ).toEqual([
      'raw:PREROUTING:rule:CONTINUE::2',
      'raw:PREROUTING:policy:ACCEPT::',
      'nat:PREROUTING:rule:JUMP:KUBE-SERVICES:5',
      'nat:KUBE-FW-X:return:RETURN::',
      'nat:KUBE-POSTROUTING:rule:RETURN::9',
    ]);
    expect(p.events[2]!.text).toBe(
      '-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
    );
    expect(log.find('203.0.113.2', 40005, '10.180.0.3', 80)).toBeUndefined();
  });

  it('finds an ICMP echo (no ports printed) by its addresses among the packets after a mark', () => {
    const log = new TraceLog();
    const echo = (id: string) =>
      `PACKET: 2 ${id} IN=eth0 MACSRC=2:6b:70:2:0:0 MACDST=2:6b:70:1:0:0 MACPROTO=0800 SRC=10.2.0.2 DST=10.96.0.10 LEN=84 TOS=0x0 TTL=64 ID=7 DF `;
    log.push(echo('aaaaaaaa'));
    const mark = log.packets.size;
    log.push(echo('bbbbbbbb'));
    expect(log.find('10.2.0.2', null, '10.96.0.10', null)?.id).toBe('aaaaaaaa');
    expect(log.find('10.2.0.2', null, '10.96.0.10', null, mark)?.id).toBe('bbbbbbbb');
    expect(log.find('10.2.0.2', 40001, '10.96.0.10', 0, mark)).toBeUndefined();
  });

  it('starts a new packet when a trace id is reused (a second -j TRACE event for it)', () => {
    const log = new TraceLog();
    const echo = (seq: number) => [
      `PACKET: 2 cafe0001 IN=eth0 SRC=203.0.113.2 DST=192.168.0.10 LEN=84 TOS=0x0 TTL=64 ID=${seq} DF `,
      ' TRACE: 2 cafe0001 raw:PREROUTING:rule:0x2:CONTINUE  -4 -t raw -A PREROUTING -p icmp -m icmp --icmp-type 8 -j TRACE',
      ' TRACE: 2 cafe0001 raw:PREROUTING:policy:ACCEPT ',
      `PACKET: 2 cafe0001 IN=eth0 SRC=203.0.113.2 DST=192.168.0.10 LEN=84 TOS=0x0 TTL=64 ID=${seq} DF `,
      ' TRACE: 2 cafe0001 filter:INPUT:policy:ACCEPT ',
    ];
    for (const l of echo(1)) log.push(l);
    const mark = log.packets.size;
    for (const l of echo(2)) log.push(l);
    expect(log.packets.size).toBe(2);
    const second = log.find('203.0.113.2', null, '192.168.0.10', null, mark)!;
    expect(second.id).toBe('cafe0001');
    expect(second.events.map((e) => `${e.table}:${e.chain}:${e.type}`)).toEqual([
      'raw:PREROUTING:rule',
      'raw:PREROUTING:policy',
      'filter:INPUT:policy',
    ]);
    expect(log.find('203.0.113.2', null, '192.168.0.10', null)!.events).toHaveLength(3);
  });

  it('finds the looped-back continuation of a node-to-itself packet', () => {
    const log = new TraceLog();
    log.push('PACKET: 0 11111111 OUT=lo SRC=192.168.0.2 DST=192.168.0.2 LEN=60 SPORT=40006 DPORT=30000 SYN ');
    for (const l of MONITOR) log.push(l);
    const first = log.find('192.168.0.2', 40006, '192.168.0.2', 30000)!;
    expect(first.id).toBe('11111111');
    expect(log.continuation(first, [['192.168.0.2', 40006, '192.168.0.2', 30000]])?.id).toBe('0badcafe');
  });

  it('reads DNAT and SNAT from a conntrack [NEW] event', () => {
    const e = parseConntrackEvent(
      '    [NEW] ipv4     2 tcp      6 120 SYN_SENT src=203.0.113.2 dst=192.168.0.2 sport=40005 dport=3003 [UNREPLIED] src=10.180.0.3 dst=169.254.1.1 sport=80 dport=40005',
    );
    expect(e).toEqual({
      proto: 'tcp',
      orig: { src: '203.0.113.2', dst: '192.168.0.2', sport: 40005, dport: 3003 },
      reply: { src: '10.180.0.3', dst: '169.254.1.1', sport: 80, dport: 40005 },
    });
    expect(
      parseConntrackEvent(
        '    [NEW] ipv4     2 icmp     1 30 src=10.2.0.2 dst=10.96.0.10 type=8 code=0 id=40001 [UNREPLIED] src=10.96.0.10 dst=10.2.0.2 type=0 code=0 id=40001',
      ),
    ).toEqual({
      proto: 'icmp',
      orig: { src: '10.2.0.2', dst: '10.96.0.10', sport: 40001, dport: 0 },
      reply: { src: '10.96.0.10', dst: '10.2.0.2', sport: 0, dport: 40001 },
    });
    expect(parseConntrackEvent(' [DESTROY] tcp 6 src=1.1.1.1 dst=2.2.2.2 sport=1 dport=2')).toBeNull();
    expect(parseConntrackEvent('[NEW] garbage')).toBeNull();
  });

  it('indexes the dump by table/chain/position and keeps lines when removing nfacct', () => {
    const dump = readFixture('iptables/k8s-overall-rules.iptables-save.txt');
    const idx = indexDump(dump);
    expect(idx.get('nat/KUBE-SERVICES#0')?.text).toMatch(/^-A KUBE-SERVICES -d 172\.30\.0\.41\/32 /);
    expect(idx.get('filter/INPUT#0')?.line).toBe(25);
    const prepared = prepareForKernel(dump);
    expect(prepared).not.toContain('nfacct');
    expect(prepared.split('\n').length).toBe(dump.split('\n').length);
    expect(indexDump('[3:180] -A X -j ACCEPT\n').size).toBe(1);
  });

  it('maps nf_tables handles to positions, skipping the harness own rules', () => {
    const handles = new Map([
      ['raw#7', { table: 'raw', chain: 'PREROUTING', position: 0 }],
      ['raw#3', { table: 'raw', chain: 'PREROUTING', position: 1 }],
      ['nat#4', { table: 'nat', chain: 'X', position: 0 }],
    ]);
    const places = handleToPlace(handles, new Set(['raw#7']));
    expect(places.get('raw#3')).toEqual({ table: 'raw', chain: 'PREROUTING', index: 0 });
    expect(places.has('raw#7')).toBe(false);
    expect(places.get('nat#4')?.index).toBe(0);
  });

  it('chi-square helper rejects a lopsided histogram against a fair split', () => {
    expect(chiSquareTest([240, 60], [0.5, 0.5]).pValue).toBeLessThan(1e-20);
  });
});
