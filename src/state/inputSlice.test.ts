import { beforeEach, describe, expect, it } from 'vitest';
import { testStore } from './fakes.node';
import { replacesText } from './inputSlice';
import type { AppStore } from './store';

const EXAMPLE_IPT = `*nat\n${Array.from({ length: 40 }, (_, i) => `-A KUBE-SERVICES -d 10.96.0.${i}/32 -j KUBE-SVC-X${i}`).join('\n')}\nCOMMIT\n`;
const EXAMPLE_KUBECTL = 'NAME TYPE\nservice/web NodePort\n';

describe('replacesText', () => {
  it('tells a paste over the text from an edit of it', () => {
    expect(replacesText(EXAMPLE_IPT, '*filter\n-A INPUT -j ACCEPT\nCOMMIT\n')).toBe(true);
    expect(replacesText(EXAMPLE_IPT, `${EXAMPLE_IPT}-A KUBE-SERVICES -j RETURN\n`)).toBe(false);
    expect(replacesText(EXAMPLE_IPT, EXAMPLE_IPT.replace('10.96.0.7/32', '10.96.0.77/32'))).toBe(false);
    expect(replacesText(EXAMPLE_IPT, EXAMPLE_IPT.slice(0, EXAMPLE_IPT.length * 0.8))).toBe(false);
    expect(replacesText('', 'x')).toBe(true);
  });
});

describe('your dump over the untouched example', () => {
  let store: AppStore;
  beforeEach(() => {
    store = testStore().store;
    store.getState().setInputs(EXAMPLE_IPT, EXAMPLE_KUBECTL, 'example');
  });

  it('clears the example’s kubectl text, can put it back, and asks for a packet re-seed', () => {
    const s = store.getState;
    s().setIptablesText('*nat\n-A KUBE-SERVICES -j KUBE-SVC-MINE\nCOMMIT\n');
    expect(s().kubectlText).toBe('');
    expect(s().clearedExampleKubectl).toBe(EXAMPLE_KUBECTL);
    expect(s().reseedPacketAt).toBe(s().inputVersion);
    s().restoreExampleKubectl();
    expect(s().kubectlText).toBe(EXAMPLE_KUBECTL);
    expect(s().clearedExampleKubectl).toBeNull();
  });

  it('keeps both when the example is edited, or when the input is no longer the example', () => {
    const s = store.getState;
    s().setIptablesText(`${EXAMPLE_IPT}# a note\n`);
    expect(s().kubectlText).toBe(EXAMPLE_KUBECTL);
    expect(s().reseedPacketAt).toBeNull();
    s().setIptablesText('*nat\nCOMMIT\n');
    expect(s().kubectlText).toBe(EXAMPLE_KUBECTL);
  });

  it('does the same for a file opened over the example', () => {
    store.getState().setIptablesText('*filter\nCOMMIT\n', 'file', 'node.txt');
    expect(store.getState()).toMatchObject({ kubectlText: '', iptablesFileName: 'node.txt' });
  });
});
