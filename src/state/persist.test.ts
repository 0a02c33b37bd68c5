import { describe, expect, it } from 'vitest';
import { loadSavedInput, MAX_SAVED_CHARS, STORAGE_KEY, type StorageLike, saveInput } from './persist';

function memoryStorage(quota = Number.POSITIVE_INFINITY): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > quota) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
}

describe('persist', () => {
  it('saves and restores both texts', () => {
    const s = memoryStorage();
    expect(saveInput(s, { iptables: '*nat\nCOMMIT\n', kubectl: 'NAME\n' })).toEqual({
      kind: 'saved',
      chars: 17,
    });
    expect(loadSavedInput(s)).toEqual({ iptables: '*nat\nCOMMIT\n', kubectl: 'NAME\n' });
  });

  it('refuses an input larger than storage holds, in words, and drops the older copy', () => {
    const s = memoryStorage();
    saveInput(s, { iptables: 'old', kubectl: '' });
    const status = saveInput(s, { iptables: 'x'.repeat(MAX_SAVED_CHARS + 1), kubectl: '' });
    expect(status.kind).toBe('not-saved');
    expect(status.kind === 'not-saved' && status.reason).toMatch(/Not saved in the browser/);
    expect(loadSavedInput(s)).toBeNull();
  });

  it('reports a full storage instead of throwing', () => {
    const status = saveInput(memoryStorage(10), { iptables: 'a longer text than ten', kubectl: '' });
    expect(status).toEqual({ kind: 'not-saved', reason: 'Not saved in the browser: storage is full.' });
    expect(saveInput(null, { iptables: '', kubectl: '' }).kind).toBe('not-saved');
  });

  it('ignores unreadable or foreign data', () => {
    const s = memoryStorage();
    s.data.set(STORAGE_KEY, '{not json');
    expect(loadSavedInput(s)).toBeNull();
    s.data.set(STORAGE_KEY, JSON.stringify({ iptables: 1, kubectl: '' }));
    expect(loadSavedInput(s)).toBeNull();
    expect(loadSavedInput(null)).toBeNull();
  });
});
