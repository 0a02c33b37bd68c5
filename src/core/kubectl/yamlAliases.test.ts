import { describe, expect, it } from 'vitest';
import { parseKubectl } from './parseKubectl';
import { MAX_ALIAS_COUNT } from './yamlReader';

/** The "billion laughs" document: nine levels of nine aliases (9⁹ ≈ 387 million leaves). */
function bomb(levels: number): string {
  const names = 'abcdefghijklmnop';
  const lines = ['apiVersion: v1', 'kind: Service', 'metadata:', '  name: lol', 'spec:'];
  lines.push('  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]');
  for (let i = 1; i < levels; i++)
    lines.push(
      `  ${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

describe('YAML aliases', () => {
  it('a billion-laughs Service: a warning with the alias count and the cap, nothing read', () => {
    const text = bomb(9);
    const r = parseKubectl(text);
    expect(r.result.services).toEqual([]);
    const warning = r.diagnostics.find((d) => d.code === 'kubectl/yaml-alias-limit');
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toContain(`${8 * 9} YAML aliases`);
    expect(warning?.message).toContain(`cap of ${MAX_ALIAS_COUNT}`);
    // It points at the first alias.
    expect(text.slice(warning?.span.start, warning?.span.end)).toBe('*a');
  });

  it('in a List, only the item that explodes is refused', () => {
    const text = [
      'apiVersion: v1',
      'kind: List',
      'items:',
      '- apiVersion: v1',
      '  kind: Service',
      '  metadata: {name: ok, namespace: shop}',
      '  spec: {clusterIP: 10.0.0.1, ports: [{port: 80}]}',
      ...bomb(6)
        .trimEnd()
        .split('\n')
        .map((l, i) => (i === 0 ? `- ${l}` : `  ${l}`)),
      '',
    ].join('\n');
    const r = parseKubectl(text);
    expect(r.result.services.map((s) => s.name)).toEqual(['ok']);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['kubectl/yaml-alias-limit']);
  });

  it('a few aliases under the cap are read; an alias without its anchor is an error, not silence', () => {
    const small =
      'apiVersion: v1\nkind: Service\nmetadata: {name: web, labels: &l {app: web}}\nspec:\n  selector: *l\n  clusterIP: 10.0.0.1\n';
    const ok = parseKubectl(small);
    expect(ok.diagnostics).toEqual([]);
    expect(ok.result.services[0]?.selector).toBe('app=web');
    const dangling = parseKubectl(
      'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  selector: *nowhere\n',
    );
    expect(dangling.diagnostics.map((d) => [d.code, d.severity])).toContainEqual([
      'kubectl/yaml-syntax',
      'error',
    ]);
  });
});
