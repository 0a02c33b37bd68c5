import type { languages } from 'monaco-editor/editor';
import { COLOUR_LIMIT_CHARS, iptablesLanguageFor } from './iptablesLanguage';
import type { Monaco } from './monaco';
import { NFT_LANGUAGE, NFT_MONARCH, NFT_PLAIN_LANGUAGE, nftLanguageFor } from './nftGrammar';

/** The editor language for a ruleset text: nft for nftables text, else iptables-save's. */
export function rulesetLanguageFor(text: string): string {
  return nftLanguageFor(text, COLOUR_LIMIT_CHARS) ?? iptablesLanguageFor(text.length);
}

/** Registers the nft language and its colourless twin (once per page). */
export function registerNftLanguage(monaco: Monaco): void {
  if (monaco.languages.getLanguages().some((l) => l.id === NFT_LANGUAGE)) return;
  for (const id of [NFT_LANGUAGE, NFT_PLAIN_LANGUAGE]) {
    monaco.languages.register({ id });
    monaco.languages.setLanguageConfiguration(id, {
      comments: { lineComment: '#' },
      // kube-proxy's chain and set names carry `-`, `/`, `.` and `_` (`service-ULMVA6XW-ns1/svc1/tcp/p80`).
      wordPattern: /[A-Za-z0-9_./@-]+/,
      brackets: [['{', '}']],
      autoClosingPairs: [
        { open: '{', close: '}' },
        { open: '"', close: '"' },
      ],
    });
  }
  monaco.languages.setMonarchTokensProvider(
    NFT_LANGUAGE,
    NFT_MONARCH as unknown as languages.IMonarchLanguage,
  );
}
