import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseIptablesSave } from '../../core/iptables';
import { parseKubectl } from '../../core/kubectl';
import { analyzeKubeProxy } from '../../core/kubeproxy';
import { lowerToRuleset } from '../../core/lower';
import { chainDefinitionLine, chainsNamed, describeChain } from './chainInfo';

const read = (name: string) => readFileSync(new URL(`../examples/${name}`, import.meta.url), 'utf8');
const dump = read('webNode.iptables-save.txt');
const ruleset = lowerToRuleset(parseIptablesSave(dump).result).result;
const kubectl = parseKubectl(read('webNode.kubectl.txt')).result;
const model = analyzeKubeProxy(ruleset, kubectl).result;
const ctx = { ruleset, model, kubectl };
const lineOf = (text: string) => dump.slice(0, dump.indexOf(text)).split('\n').length;

describe('chain hover and definition', () => {
  it('says which Service a KUBE-SVC chain belongs to and how it splits traffic', () => {
    const text = describeChain(ctx, 'KUBE-SVC-LOLE4ISW44XBNF3G')?.join('\n') ?? '';
    expect(text).toContain('default/web');
    expect(text).toContain('cluster IP 10.104.247.10:80');
    expect(text).toContain('NodePort 31947');
    expect(text.match(/33\.3%/g)).toHaveLength(3);
    expect(text).toContain(`declared on line ${lineOf(':KUBE-SVC-LOLE4ISW44XBNF3G')}`);
  });

  it('names the endpoint of a KUBE-SEP chain', () => {
    expect(describeChain(ctx, 'KUBE-SEP-HPW2WDDZQWHWFYBL')?.join('\n')).toContain(
      'Endpoint **10.244.169.163:80**',
    );
    expect(describeChain(ctx, 'NOT-A-CHAIN')).toBeNull();
  });

  it('goes to the declaration, in each table that has the chain', () => {
    const [nat, filter] = chainsNamed(ruleset, 'KUBE-SERVICES');
    expect([nat?.table, filter?.table]).toEqual(['nat', 'filter']);
    expect(chainDefinitionLine(nat!)).toBe(lineOf(':KUBE-SERVICES'));
    const filterDecl = dump.slice(0, dump.lastIndexOf(':KUBE-SERVICES')).split('\n').length;
    expect(filterDecl).toBeGreaterThan(lineOf(':KUBE-SERVICES'));
    expect(chainDefinitionLine(filter!)).toBe(filterDecl);
  });
});
