import { describe, expect, it } from 'vitest';
import type { ServiceTarget } from '../core/kubeproxy';
import { aimForm, type PacketForm, packetFromForm } from './packetForm';

const form: PacketForm = {
  origin: 'pod',
  src: '10.244.36.7',
  dst: '10.104.247.10',
  dport: '80',
  proto: 'tcp',
  nodeIp: '192.168.231.121',
};

describe('packetFromForm', () => {
  it('reads a TCP packet with its port', () => {
    const r = packetFromForm(form);
    expect(r.kind === 'ok' && r.packet).toMatchObject({ proto: 'tcp', dport: 80, sport: null });
  });

  it('refuses a port outside 1–65535', () => {
    const r = packetFromForm({ ...form, dport: '70000' });
    expect(r).toMatchObject({ kind: 'error', message: expect.stringContaining('not a port') });
  });

  it('sends icmp without ports, whatever the port field holds', () => {
    const r = packetFromForm({ ...form, proto: 'icmp', dport: 'not a port' });
    expect(r.kind === 'ok' && r.packet).toMatchObject({ proto: 'icmp', dport: null, sport: null });
  });

  it('starts a host packet without a source from the node IP', () => {
    const r = packetFromForm({ ...form, origin: 'host', src: '' });
    expect(r.kind === 'ok' && r.packet.src).toBe('192.168.231.121');
  });
});

describe('aimForm', () => {
  const at = (
    kind: ServiceTarget['kind'],
    ip: string | null,
    port: number,
    proto: ServiceTarget['proto'] = 'tcp',
  ) => ({ kind, ip, port, proto, line: 1 }) as ServiceTarget;
  const sources = { pod: '10.244.0.7', host: '192.168.231.121', external: '203.0.113.10' };

  it('aims a pod at a cluster IP and keeps the typed pod source', () => {
    expect(aimForm(form, at('clusterIP', '10.96.0.10', 53, 'udp'), sources)).toEqual({
      ...form,
      dst: '10.96.0.10',
      dport: '53',
      proto: 'udp',
    });
  });

  it('aims an outside client at the node IP for a NodePort, and back to a pod for a cluster IP', () => {
    const out = aimForm(form, at('nodePort', null, 31947), sources)!;
    expect(out).toEqual({
      ...form,
      origin: 'external',
      src: '203.0.113.10',
      dst: form.nodeIp,
      dport: '31947',
    });
    expect(aimForm(out, at('clusterIP', '10.104.247.10', 80), sources)).toMatchObject({
      origin: 'pod',
      src: '10.244.0.7',
    });
  });

  it('has nothing to aim at for a NodePort without a node IP', () => {
    expect(aimForm({ ...form, nodeIp: '' }, at('nodePort', null, 30000), {})).toBeNull();
  });
});
