import type { Monaco } from './monaco';

/** Monaco language id of `iptables-save` text. */
export const IPTABLES_LANGUAGE = 'iptables-save';

/**
 * The same text without syntax colours, for large dumps: Monaco tokenizes a Monarch language on
 * the page's thread, every line of the model, in the background — seconds of CPU for a 20 MB dump
 * (measured: ~4.5 s for 200,000 lines), taken from everything else. Hover, Ctrl/Cmd-click and
 * word boundaries stay (the providers and configuration are registered for both ids).
 */
export const IPTABLES_PLAIN_LANGUAGE = 'iptables-save-large';

/** Above this many characters the iptables editor drops syntax colours (IPTABLES_PLAIN_LANGUAGE). */
export const COLOUR_LIMIT_CHARS = 2_000_000;

/** The editor language for an iptables-save text of this length. */
export function iptablesLanguageFor(length: number): string {
  return length > COLOUR_LIMIT_CHARS ? IPTABLES_PLAIN_LANGUAGE : IPTABLES_LANGUAGE;
}

/**
 * Monarch grammar for `iptables-save` / `iptables-restore` text (iptables-save(8) format):
 * `*table` headers, `:CHAIN POLICY [p:b]` declarations, `-A CHAIN` rules with options
 * (iptables(8), iptables-extensions(8)), targets after `-j`/`-g`, addresses, quoted comments,
 * `COMMIT`, and `#` comment lines. Token names map to the theme in `theme.ts`.
 */
export function registerIptablesLanguage(monaco: Monaco): void {
  if (monaco.languages.getLanguages().some((l) => l.id === IPTABLES_LANGUAGE)) return;
  for (const id of [IPTABLES_LANGUAGE, IPTABLES_PLAIN_LANGUAGE]) {
    monaco.languages.register({ id });
    monaco.languages.setLanguageConfiguration(id, {
      comments: { lineComment: '#' },
      // Chain names contain dashes (KUBE-SVC-…): one word for double-click, hover and Ctrl+click.
      wordPattern: /[A-Za-z0-9_.:/-]+/,
      autoClosingPairs: [{ open: '"', close: '"' }],
    });
  }
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
