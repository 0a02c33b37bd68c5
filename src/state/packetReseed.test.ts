import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PacketSuggestion } from '../core/view';
import { startPacketReseeding } from './packetReseed';
import { useStore } from './store';
import { DEFAULT_PACKET } from './traceSlice';

const SUGGESTION: PacketSuggestion = {
  origin: 'pod',
  dst: '10.96.0.1',
  dport: 443,
  proto: 'tcp',
  nodeIp: '192.168.50.101',
  podCidr: '10.32.0.0/12',
  sources: { pod: '10.32.0.7', host: '192.168.50.101', external: '203.0.113.10' },
  service: 'default/kubernetes:https',
};

let stop: () => void = () => {};
beforeEach(() => {
  useStore.setState({ packetForm: DEFAULT_PACKET, reseedPacketAt: null, status: 'ready', stale: false });
  stop = startPacketReseeding();
});
afterEach(() => stop());

describe('startPacketReseeding', () => {
  it('seeds the form from the first good analysis of the new dump', () => {
    useStore.setState({ reseedPacketAt: 7, analyzedVersion: 6 });
    useStore.setState({ status: 'parsing' });
    expect(useStore.getState().packetForm).toBe(DEFAULT_PACKET);
    // An analysis with errors keeps the old graph (stale): not the new dump's, wait.
    useStore.setState({ status: 'ready', analyzedVersion: 7, stale: true, suggestion: SUGGESTION });
    expect(useStore.getState().packetForm).toBe(DEFAULT_PACKET);
    useStore.setState({ stale: false });
    expect(useStore.getState().packetForm).toEqual({
      origin: 'pod',
      src: '10.32.0.7',
      dst: '10.96.0.1',
      dport: '443',
      proto: 'tcp',
      nodeIp: '192.168.50.101',
    });
    expect(useStore.getState().reseedPacketAt).toBeNull();
  });

  it('leaves a form the user changed meanwhile alone', () => {
    useStore.setState({ reseedPacketAt: 9, analyzedVersion: 8, status: 'parsing' });
    useStore.getState().setPacketField('dst', '10.0.0.1');
    useStore.setState({ status: 'ready', analyzedVersion: 9, suggestion: SUGGESTION });
    expect(useStore.getState().packetForm.dst).toBe('10.0.0.1');
    expect(useStore.getState().reseedPacketAt).toBeNull();
  });
});
