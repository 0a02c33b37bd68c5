import { describe, expect, it } from 'vitest';
import { type PacketForm, packetFromForm } from './packetForm';

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
