import type { Monaco } from './monaco';

/** The editor theme's name. */
export const THEME = 'kpe-light';

/**
 * Dark-on-light, readable on a projector; the colours carry the app's meanings: DROP/REJECT red,
 * masquerade orange, DNAT blue (the same as the graph and the packet panel).
 */
export function defineTheme(monaco: Monaco): void {
  monaco.editor.defineTheme(THEME, {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'comment', foreground: '6b7280', fontStyle: 'italic' },
      { token: 'keyword.table', foreground: '7c3aed', fontStyle: 'bold' },
      { token: 'keyword.commit', foreground: '7c3aed', fontStyle: 'bold' },
      { token: 'keyword.op', foreground: '374151', fontStyle: 'bold' },
      { token: 'keyword.module', foreground: '0f766e' },
      { token: 'keyword.policy', foreground: '374151', fontStyle: 'bold' },
      { token: 'type.chain', foreground: '1e3a8a' },
      { token: 'attribute.option', foreground: '0f766e' },
      { token: 'number.address', foreground: '9a3412' },
      { token: 'number.hex', foreground: '6d28d9' },
      { token: 'number.counters', foreground: '4b5563' },
      { token: 'number', foreground: '6d28d9' },
      { token: 'string', foreground: '166534' },
      { token: 'operator', foreground: 'b91c1c', fontStyle: 'bold' },
      { token: 'target.drop', foreground: 'b91c1c', fontStyle: 'bold' },
      { token: 'target.masquerade', foreground: 'c2410c', fontStyle: 'bold' },
      { token: 'target.dnat', foreground: '1d4ed8', fontStyle: 'bold' },
      { token: 'target.accept', foreground: '166534', fontStyle: 'bold' },
      { token: 'target.other', foreground: '6d28d9', fontStyle: 'bold' },
    ],
    // Line numbers at 4.5:1 or better on white (WCAG AA; Monaco's defaults are lighter).
    colors: {
      'editorLineNumber.foreground': '#4b5563',
      'editorLineNumber.dimmedForeground': '#6b7280',
    },
  });
}
