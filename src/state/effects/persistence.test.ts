import { describe, expect, it } from 'vitest';
import { memoryStorage, testStore } from '../fakes.node';
import { PACKET_STORAGE_KEY } from '../packetStorage';
import { LANGUAGE_STORAGE_KEY, REVISION_KEY, STORAGE_KEY } from '../persist';
import { DEFAULT_PACKET } from '../traceSlice';
import { PACKET_SAVE_DEBOUNCE_MS, restoreSaved, SAVE_DEBOUNCE_MS, startPersistence } from './persistence';

const example = { iptablesText: '*nat\n-A KUBE-SERVICES -j RETURN\nCOMMIT\n', kubectlText: 'NAME\n' };

describe('restoreSaved', () => {
  it('shows the example on a first visit, in the browser’s language', () => {
    const { store } = testStore();
    restoreSaved(store, { example, browserLanguage: 'zh-Hans-CN' });
    expect(store.getState()).toMatchObject({
      iptablesText: example.iptablesText,
      kubectlText: 'NAME\n',
      inputSource: 'example',
      language: 'zh-CN',
      packetForm: DEFAULT_PACKET,
    });
  });

  it('puts back the texts, packet form and language saved here', () => {
    const storage = memoryStorage();
    const form = { ...DEFAULT_PACKET, dst: '10.96.0.10', dport: '53', proto: 'udp' as const };
    storage.setItem(STORAGE_KEY, JSON.stringify({ iptables: 'mine', kubectl: '' }));
    storage.setItem(PACKET_STORAGE_KEY, JSON.stringify(form));
    storage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const { store } = testStore({ storage });
    restoreSaved(store, { example, browserLanguage: 'zh-CN' });
    expect(store.getState()).toMatchObject({
      iptablesText: 'mine',
      inputSource: 'saved',
      language: 'en',
      packetForm: form,
    });
  });
});

describe('startPersistence', () => {
  it('writes the texts once, after the pause in typing, and says so', () => {
    const { store, storage, scheduler } = testStore();
    restoreSaved(store, { example });
    const stop = startPersistence(store);
    store.getState().setIptablesText('*filter\nCOMMIT\n');
    store.getState().setIptablesText('*filter\n-A INPUT -j ACCEPT\nCOMMIT\n');
    expect(store.getState().persistStatus).toEqual({ kind: 'pending' });
    scheduler.advance(SAVE_DEBOUNCE_MS - 1);
    expect(storage.data.has(STORAGE_KEY)).toBe(false);
    scheduler.advance(1);
    expect(JSON.parse(storage.data.get(STORAGE_KEY)!)).toEqual({
      iptables: '*filter\n-A INPUT -j ACCEPT\nCOMMIT\n',
      kubectl: '',
    });
    expect(store.getState().persistStatus).toMatchObject({ kind: 'saved' });
    stop();
  });

  it('never saves the untouched example', () => {
    const { store, storage, scheduler } = testStore();
    const stop = startPersistence(store);
    store.getState().setInputs(example.iptablesText, example.kubectlText, 'example');
    scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(storage.data.size).toBe(0);
    expect(store.getState().persistStatus).toEqual({ kind: 'idle' });
    stop();
  });

  it('writes at once when the page is hidden, and nothing twice', () => {
    const { store, storage, scheduler } = testStore();
    let hide: () => void = () => {};
    const stop = startPersistence(store, {
      onPageHide: (flush) => {
        hide = flush;
        return () => {
          hide = () => {};
        };
      },
    });
    store.getState().setIptablesText('typed');
    hide();
    expect(JSON.parse(storage.data.get(STORAGE_KEY)!).iptables).toBe('typed');
    expect(scheduler.pending()).toBe(0);
    stop();
    expect(hide).not.toThrow();
  });

  it('keeps the packet form and the language, and shows a refused packet write', () => {
    const storage = memoryStorage(60);
    const { store, scheduler } = testStore({ storage });
    const stop = startPersistence(store);
    store.getState().setLanguage('zh-CN');
    expect(storage.data.get(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    store.getState().setPacketField('dport', '443');
    scheduler.advance(PACKET_SAVE_DEBOUNCE_MS);
    expect(storage.data.has(PACKET_STORAGE_KEY)).toBe(false);
    expect(store.getState().persistStatus).toEqual({
      kind: 'not-saved',
      reason: 'Packet not saved in the browser: storage is full.',
    });
    stop();
  });

  it('stops writing when stopped', () => {
    const { store, storage, scheduler } = testStore();
    const stop = startPersistence(store);
    store.getState().setIptablesText('typed');
    store.getState().setPacketField('dport', '443');
    stop();
    expect(scheduler.pending()).toBe(0);
    scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(storage.data.size).toBe(0);
  });
});

describe('two tabs of one browser', () => {
  /** A tab: its own store and sessionStorage over the browser's shared localStorage. */
  function tab(storage: ReturnType<typeof memoryStorage>, id: string, session = memoryStorage()) {
    const t = testStore({ storage });
    restoreSaved(t.store, { example, tabStorage: session });
    const stop = startPersistence(t.store, { tabStorage: session, newTabId: () => id });
    return { ...t, session, stop };
  }

  it('does not save over another tab’s newer save, says so, and saves over it only next time', () => {
    const storage = memoryStorage();
    const a = tab(storage, 'A');
    const b = tab(storage, 'B');
    a.store.getState().setIptablesText('from A');
    a.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(JSON.parse(storage.data.get(REVISION_KEY)!)).toEqual({ rev: 1, tab: 'A' });
    b.store.getState().setIptablesText('from B');
    b.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(JSON.parse(storage.data.get(STORAGE_KEY)!).iptables).toBe('from A');
    expect(b.store.getState().persistStatus).toEqual({ kind: 'conflict' });
    b.store.getState().setIptablesText('from B, again');
    expect(b.store.getState().persistStatus).toEqual({ kind: 'conflict' });
    b.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(JSON.parse(storage.data.get(STORAGE_KEY)!).iptables).toBe('from B, again');
    expect(JSON.parse(storage.data.get(REVISION_KEY)!)).toEqual({ rev: 2, tab: 'B' });
    expect(b.store.getState().persistStatus).toMatchObject({ kind: 'saved' });
    // A's next save now meets B's newer one.
    a.store.getState().setIptablesText('from A, later');
    a.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(a.store.getState().persistStatus).toEqual({ kind: 'conflict' });
    a.stop();
    b.stop();
  });

  it('a tab keeps saving its own edits without a word', () => {
    const storage = memoryStorage();
    const a = tab(storage, 'A');
    for (const text of ['one', 'two', 'three']) {
      a.store.getState().setIptablesText(text);
      a.scheduler.advance(SAVE_DEBOUNCE_MS);
      expect(a.store.getState().persistStatus).toMatchObject({ kind: 'saved' });
    }
    a.stop();
  });

  it('a reload says when the text it restores came from another tab', () => {
    const storage = memoryStorage();
    const a = tab(storage, 'A');
    a.store.getState().setIptablesText('from A');
    a.scheduler.advance(SAVE_DEBOUNCE_MS);
    a.stop();
    // A reloads: its sessionStorage remembers it made that save.
    const again = tab(storage, 'A2', a.session);
    expect(again.store.getState()).toMatchObject({ iptablesText: 'from A', persistStatus: { kind: 'idle' } });
    again.stop();
    // Another tab (its own sessionStorage) opens: the text is restored, and said to be A's.
    const b = tab(storage, 'B');
    expect(b.store.getState()).toMatchObject({
      iptablesText: 'from A',
      inputSource: 'saved',
      persistStatus: { kind: 'restored-other-tab' },
    });
    b.stop();
  });

  /**
   * One browser's localStorage as each tab sees it: a write by one tab is heard by the others as a
   * `storage` event (never by the writer, as in browsers).
   */
  function browser() {
    const shared = memoryStorage();
    const listeners = new Set<{ id: string; hear: (key: string | null) => void }>();
    const tabOf = (id: string) => {
      const storage = {
        ...shared,
        setItem: (k: string, v: string) => {
          shared.setItem(k, v);
          for (const l of [...listeners]) if (l.id !== id) l.hear(k);
        },
      };
      const t = testStore({ storage });
      const session = memoryStorage();
      restoreSaved(t.store, { example, tabStorage: session });
      const stop = startPersistence(t.store, {
        tabStorage: session,
        newTabId: () => id,
        onStorageChange: (hear) => {
          const l = { id, hear };
          listeners.add(l);
          return () => listeners.delete(l);
        },
      });
      return { ...t, stop };
    };
    return { shared, tabOf };
  }
  const stored = (storage: ReturnType<typeof memoryStorage>) => ({
    text: JSON.parse(storage.data.get(STORAGE_KEY)!).iptables,
    mark: JSON.parse(storage.data.get(REVISION_KEY)!),
  });

  it('learns of another tab’s save at once, before its own save, and writes nothing for it', () => {
    const { shared, tabOf } = browser();
    const a = tabOf('A');
    const b = tabOf('B');
    a.store.getState().setIptablesText('from A');
    a.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(b.store.getState().persistStatus).toEqual({ kind: 'other-tab-saved' });
    expect(a.store.getState().persistStatus).toMatchObject({ kind: 'saved' });
    // B types on: still told (not "Saving…"), and its save is then refused as before.
    b.store.getState().setIptablesText('from B');
    expect(b.store.getState().persistStatus).toEqual({ kind: 'other-tab-saved' });
    b.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(b.store.getState().persistStatus).toEqual({ kind: 'conflict' });
    expect(stored(shared)).toEqual({ text: 'from A', mark: { rev: 1, tab: 'A' } });
    a.stop();
    b.stop();
  });

  it('"Save this tab’s text anyway" writes it over the newer save at once; the other tab hears', () => {
    const { shared, tabOf } = browser();
    const a = tabOf('A');
    const b = tabOf('B');
    b.store.getState().setIptablesText('from B');
    a.store.getState().setIptablesText('from A');
    a.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(b.store.getState().persistStatus).toEqual({ kind: 'other-tab-saved' });
    b.store.getState().resolveTabConflict('keep-mine');
    expect(stored(shared)).toEqual({ text: 'from B', mark: { rev: 2, tab: 'B' } });
    expect(b.store.getState()).toMatchObject({ persistStatus: { kind: 'saved' }, tabConflictChoice: null });
    // B's pending save went with the choice: nothing more is written.
    b.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(stored(shared).mark).toEqual({ rev: 2, tab: 'B' });
    expect(a.store.getState().persistStatus).toEqual({ kind: 'other-tab-saved' });
    a.stop();
    b.stop();
  });

  it('"Load the other tab’s text" shows it here, writes nothing, and the next edit saves normally', () => {
    const { shared, tabOf } = browser();
    const a = tabOf('A');
    const b = tabOf('B');
    b.store.getState().setIptablesText('from B');
    a.store.getState().setIptablesText('from A');
    a.scheduler.advance(SAVE_DEBOUNCE_MS);
    b.store.getState().resolveTabConflict('load-theirs');
    expect(b.store.getState()).toMatchObject({
      iptablesText: 'from A',
      inputSource: 'saved',
      persistStatus: { kind: 'restored-other-tab' },
    });
    b.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(stored(shared).mark).toEqual({ rev: 1, tab: 'A' });
    expect(a.store.getState().persistStatus).toMatchObject({ kind: 'saved' });
    b.store.getState().setIptablesText('from A, edited in B');
    b.scheduler.advance(SAVE_DEBOUNCE_MS);
    expect(b.store.getState().persistStatus).toMatchObject({ kind: 'saved' });
    expect(stored(shared)).toEqual({ text: 'from A, edited in B', mark: { rev: 2, tab: 'B' } });
    a.stop();
    b.stop();
  });
});
