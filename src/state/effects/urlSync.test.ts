import { describe, expect, it } from 'vitest';
import { GALLERY } from '../../content';
import { encodeScenario, type Scenario } from '../../core/share';
import { testStore, until } from '../fakes.node';
import { type PageAddress, startUrlSync } from './urlSync';

/** An address bar in memory: `go(hash)` is a navigation that fires `hashchange`. */
function fakeAddress(hash: string, search = '') {
  let listener: (() => void) | null = null;
  const address: PageAddress & { current: string; go(hash: string): void; listening(): boolean } = {
    current: hash,
    hash: () => address.current,
    search: () => search,
    dropFragment: () => {
      address.current = '';
    },
    onHashChange: (l) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
    go: (next) => {
      address.current = next;
      listener?.();
    },
    listening: () => listener !== null,
  };
  return address;
}

const SCENARIO: Scenario = {
  version: 1,
  iptables: '*nat\nCOMMIT\n',
  kubectl: '',
  packet: null,
  nodeIps: ['192.168.1.10'],
  endpoint: null,
  step: 0,
  language: 'en',
  view: { presenter: false, focus: [] },
};

describe('startUrlSync', () => {
  it('starts presenter mode for ?present and leaves other fragments alone', () => {
    const { store } = testStore();
    const address = fakeAddress('#packet-form', '?present');
    const stop = startUrlSync(store, address);
    expect(store.getState().presenting).toBe(true);
    expect(address.current).toBe('#packet-form');
    stop();
    expect(address.listening()).toBe(false);
  });

  it('opens a #g= gallery scenario with its lesson, and names an unknown id', async () => {
    const { store } = testStore();
    const g = GALLERY[0]!;
    const address = fakeAddress(`#g=${g.id}`);
    const stop = startUrlSync(store, address);
    expect(address.current).toBe('');
    const opened = await until(store, (s) => s.lesson !== null);
    expect(opened.lesson?.id).toBe(g.id);
    expect(store.getState().inputSource).toBe('file');
    address.go('#g=no-such-scenario');
    const refused = await until(store, (s) => s.openError !== null);
    expect(refused.openError).toEqual({
      code: 'gallery/unknown-id',
      subject: 'no-such-scenario',
      detail: '',
    });
    stop();
  });

  it('asks before a #s= link replaces the user’s own input, and refuses a damaged link', async () => {
    const { store } = testStore();
    store.getState().setInputs('my own rules', '', 'edited');
    const address = fakeAddress(`#${await encodeScenario(SCENARIO)}`);
    const stop = startUrlSync(store, address);
    const asked = await until(store, (s) => s.pending !== null);
    expect(asked.pending?.scenario.iptables).toBe(SCENARIO.iptables);
    expect(asked.iptablesText).toBe('my own rules');
    expect(address.current).toBe('');
    address.go('#s=!!!');
    const refused = await until(store, (s) => s.openError !== null);
    expect(refused.openError?.code).toBe('share/not-a-link');
    stop();
  });
});
