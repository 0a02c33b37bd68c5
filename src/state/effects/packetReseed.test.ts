import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PacketSuggestion } from '../../core/view';
import { testStore } from '../fakes.node';
import type { AppStore } from '../store';
import { DEFAULT_PACKET } from '../traceSlice';
import { startPacketReseeding } from './packetReseed';

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
let store: AppStore;
beforeEach(() => {
  store = testStore().store;
  store.setState({ packetForm: DEFAULT_PACKET, reseedPacketAt: null, status: 'ready', stale: false });
  stop = startPacketReseeding(store);
});
afterEach(() => stop());

describe('startPacketReseeding', () => {
  it('seeds the form from the first good analysis of the new dump', () => {
    store.setState({ reseedPacketAt: 7, analyzedVersion: 6 });
    store.setState({ status: 'parsing' });
    expect(store.getState().packetForm).toBe(DEFAULT_PACKET);
    // An analysis with errors keeps the old graph (stale): not the new dump's, wait.
    store.setState({ status: 'ready', analyzedVersion: 7, stale: true, suggestion: SUGGESTION });
    expect(store.getState().packetForm).toBe(DEFAULT_PACKET);
    store.setState({ stale: false });
    expect(store.getState().packetForm).toEqual({
      origin: 'pod',
      src: '10.32.0.7',
      dst: '10.96.0.1',
      dport: '443',
      proto: 'tcp',
      nodeIp: '192.168.50.101',
    });
    expect(store.getState().reseedPacketAt).toBeNull();
  });

  it('leaves a form the user changed meanwhile alone', () => {
    store.setState({ reseedPacketAt: 9, analyzedVersion: 8, status: 'parsing' });
    store.getState().setPacketField('dst', '10.0.0.1');
    store.setState({ status: 'ready', analyzedVersion: 9, suggestion: SUGGESTION });
    expect(store.getState().packetForm.dst).toBe('10.0.0.1');
    expect(store.getState().reseedPacketAt).toBeNull();
  });
});
