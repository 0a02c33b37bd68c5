import type { Monaco } from './monaco';

/** Monaco language id of `iptables-save` text. */
export const IPTABLES_LANGUAGE = 'iptables-save';

/**
 * Monarch grammar for `iptables-save` / `iptables-restore` text (iptables-save(8) format):
 * `*table` headers, `:CHAIN POLICY [p:b]` declarations, `-A CHAIN` rules with options
 * (iptables(8), iptables-extensions(8)), targets after `-j`/`-g`, addresses, quoted comments,
 * `COMMIT`, and `#` comment lines. Token names map to the theme in `theme.ts`.
 */
export function registerIptablesLanguage(monaco: Monaco): void {
  if (monaco.languages.getLanguages().some((l) => l.id === IPTABLES_LANGUAGE)) return;
  monaco.languages.register({ id: IPTABLES_LANGUAGE });
  monaco.languages.setLanguageConfiguration(IPTABLES_LANGUAGE, {
    comments: { lineComment: '#' },
    // Chain names contain dashes (KUBE-SVC-…): one word for double-click, hover and Ctrl+click.
    wordPattern: /[A-Za-z0-9_.:/-]+/,
    autoClosingPairs: [{ open: '"', close: '"' }],
  });
  // Stateless, one line at a time (an iptables-save line never continues on the next).
  monaco.languages.setMonarchTokensProvider(IPTABLES_LANGUAGE, {
    defaultToken: '',
    tokenizer: {
      root: [
        [/^\s*#.*$/, 'comment'],
        [/^\*[a-z]+/, 'keyword.table'],
        [/^COMMIT\b/, 'keyword.commit'],
        [/^(:)(\S+)(\s+)(\S+)/, ['delimiter', 'type.chain', '', 'keyword.policy']],
        [/\[\d+:\d+\]/, 'number.counters'],
        [/(-[AIDRNXFPZ])(\s+)(\S+)/, ['keyword.op', '', 'type.chain']],
        [
          /(-[jg]|--jump|--goto)(\s+)(\S+)/,
          [
            'keyword.op',
            '',
            {
              cases: {
                'DROP|REJECT': 'target.drop',
                'MASQUERADE|SNAT': 'target.masquerade',
                DNAT: 'target.dnat',
                'ACCEPT|RETURN': 'target.accept',
                'MARK|CONNMARK|LOG|NFLOG|TRACE|CT|NOTRACK': 'target.other',
                '@default': 'type.chain',
              },
            },
          ],
        ],
        [/"(?:[^"\\]|\\.)*"/, 'string'],
        [/!/, 'operator'],
        [/(-m|--match)(\s+)([\w-]+)/, ['keyword.op', '', 'keyword.module']],
        [/--?[A-Za-z][\w-]*/, 'attribute.option'],
        [/\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?(?::\d+(?:-\d+)?)?/, 'number.address'],
        [/0x[0-9a-fA-F]+(?:\/0x[0-9a-fA-F]+)?/, 'number.hex'],
        [/[0-9a-fA-F]*:[0-9a-fA-F:]+(?:\/\d{1,3})?/, 'number.address'],
        [/\d+(?:\.\d+)?/, 'number'],
        [/KUBE-[A-Z0-9-]+|[A-Z][A-Z0-9_]*-[A-Z0-9_-]+/, 'type.chain'],
        [/\S+/, ''],
      ],
    },
  });
}
