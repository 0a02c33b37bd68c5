/// <reference path="./monacoInternals.d.ts" />
import { readFileSync } from 'node:fs';
// Monaco's own Markdown parser: the hover is judged by what it renders, not by its source.
import { marked } from 'monaco-editor/base/common/marked/marked.js';
import { describe, expect, it } from 'vitest';
import { parseIptablesSave } from '../../core/iptables';
import { parseKubectl } from '../../core/kubectl';
import { analyzeKubeProxy } from '../../core/kubeproxy';
import { lowerToRuleset } from '../../core/lower';
import { escapeMarkdown } from '../../core/text';
import { translator } from '../../i18n';
import { chainDefinitionLine, chainsNamed, describeChain } from './chainInfo';

const read = (name: string) => readFileSync(new URL(`../examples/${name}`, import.meta.url), 'utf8');
const dump = read('webNode.iptables-save.txt');
const ruleset = lowerToRuleset(parseIptablesSave(dump).result).result;
const kubectl = parseKubectl(read('webNode.kubectl.txt')).result;
const model = analyzeKubeProxy(ruleset, kubectl).result;
const ctx = { ruleset, model, kubectl };
/** The hover as Monaco renders it: HTML, and the text a reader sees. */
function rendered(paragraphs: readonly string[] | null): { html: string; text: string } {
  const html = (paragraphs ?? []).map((p) => marked.parse(p, { async: false })).join('');
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return { html, text };
}
const lineOf = (text: string) => dump.slice(0, dump.indexOf(text)).split('\n').length;

describe('chain hover and definition', () => {
  it('says which Service a KUBE-SVC chain belongs to and how it splits traffic', () => {
    const { text } = rendered(describeChain(ctx, 'KUBE-SVC-LOLE4ISW44XBNF3G'));
    expect(text).toContain('default/web');
    expect(text).toContain('cluster IP 10.104.247.10:80');
    expect(text).toContain('NodePort 31947');
    expect(text.match(/33\.3%/g)).toHaveLength(3);
    expect(text).toContain(`declared on line ${lineOf(':KUBE-SVC-LOLE4ISW44XBNF3G')}`);
  });

  it('speaks the language on screen; chain names, addresses and iptables words stay as written', () => {
    const zh = translator('zh-CN');
    const svc = rendered(describeChain(ctx, 'KUBE-SVC-LOLE4ISW44XBNF3G', zh)).text;
    expect(svc).toContain('Service 端口链');
    expect(svc).toContain('集群 IP 10.104.247.10:80');
    expect(svc).toContain(`声明于第 ${lineOf(':KUBE-SVC-LOLE4ISW44XBNF3G')} 行`);
    expect(svc).toContain('nat 表：');
    const sep = rendered(describeChain(ctx, 'KUBE-SEP-HPW2WDDZQWHWFYBL', zh));
    expect(sep.html).toContain('端点 <strong>10.244.169.163:80</strong>');
    const services = rendered(describeChain(ctx, 'KUBE-SERVICES', zh)).text;
    expect(services).toContain('kube-proxy 入口链');
    // No English prose left: what remains in Latin letters is names, addresses and keywords.
    for (const text of [svc, sep.text, services])
      expect(text).not.toMatch(/\b(declared|cluster IP|table:|rules?\b|chain:|Endpoint|policy|affinity)/);
  });

  it('names the endpoint of a KUBE-SEP chain', () => {
    const { html } = rendered(describeChain(ctx, 'KUBE-SEP-HPW2WDDZQWHWFYBL'));
    expect(html).toContain('Endpoint <strong>10.244.169.163:80</strong>');
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

describe('hostile names in the hover are text', () => {
  const HOSTILE = [
    '[x](javascript:alert(1))',
    '<img src=x onerror=alert(1)>',
    '*',
    '`',
    ']]>',
    '&amp;',
    '![i](x)',
    '_a_',
  ];
  const name = HOSTILE.join(' ');
  // As the kube-proxy model and kubectl would carry them (their parsers refuse such names; the
  // hover must not rely on that): the Service port's name and every endpoint's pod.
  const kc = parseKubectl(read('webNode.kubectl.txt')).result;
  const withPods = {
    ...kc,
    endpoints: kc.endpoints.map((e) => ({ ...e, addresses: e.addresses.map((a) => ({ ...a, pod: name })) })),
  };
  const m = analyzeKubeProxy(ruleset, withPods).result;
  const renamed = {
    ...m,
    servicePorts: m.servicePorts.map((p) => ({ ...p, name: { ...p.name, text: name } })),
  };
  const hostile = { ruleset, model: renamed, kubectl: withPods };

  it.each([
    ['the Service name', 'KUBE-SVC-LOLE4ISW44XBNF3G'],
    ['the pod name', 'KUBE-SEP-HPW2WDDZQWHWFYBL'],
  ])('%s renders verbatim, with no link, image, emphasis, code or HTML', (_, chain) => {
    const { html, text } = rendered(describeChain(hostile, chain));
    expect(text).toContain(chain.includes('SEP') ? `(pod ${name})` : `Service ${name} (tcp)`);
    expect(html).not.toMatch(/<(a|img|em|code|script)\b/);
    // Only the hover's own emphasis: the chain name, the Service (and the endpoint of a SEP).
    expect(html.match(/<strong>/g)).toHaveLength(chain.includes('SEP') ? 3 : 2);
  });

  it('a hostile chain name stays one line of text', () => {
    const { html, text } = rendered([`**${escapeMarkdown('A\n# [b](c)')}**`]);
    expect(text).toBe('A # [b](c)\n');
    expect(html).not.toMatch(/<(a|h1)\b/);
  });
});
