import type { editor, IDisposable, Position } from 'monaco-editor/editor';
import { type NftDocument, parseNftables } from '../../core/nftables';
import type { Table } from '../../core/ruleset';
import { type Translate, translator } from '../../i18n';
import type { ChainFacts } from '../../workers/protocol';
import { type ChainContext, chainDefinitionLine, chainsNamed, describeChain } from './chainInfo';
import { IPTABLES_LANGUAGE, IPTABLES_PLAIN_LANGUAGE } from './iptablesLanguage';
import type { Monaco } from './monaco';
import { NFT_LANGUAGE, NFT_PLAIN_LANGUAGE } from './nftGrammar';
import { describeNftName, nftDeclarationFor, nftDeclarationLine } from './nftInfo';

/** The table (`*nat`) a line belongs to: the nearest header above it, or `null` (an excerpt). */
function tableAt(model: editor.ITextModel, line: number): string | null {
  for (let l = line; l >= 1; l--) {
    const text = model.getLineContent(l);
    if (text.startsWith('*')) return text.slice(1).trim();
  }
  return null;
}

function chainWord(model: editor.ITextModel, position: Position) {
  const found = model.getWordAtPosition(position);
  if (!found) return null;
  // The word pattern keeps `:` (addresses, ports): a declaration `:KUBE-SEP-… - [0:0]` names the chain after it.
  const word = found.word.startsWith(':')
    ? { ...found, word: found.word.slice(1), startColumn: found.startColumn + 1 }
    : found;
  if (!/^[A-Za-z][\w-]*$/.test(word.word)) return null;
  return word;
}

/** The worker's facts about one chain name as the ChainContext `describeChain` reads. */
function contextOf(facts: ChainFacts): ChainContext {
  const tables: Partial<Record<Table['name'], Table>> = {};
  for (const c of facts.chains) tables[c.table] = { name: c.table, chains: { [c.name]: c }, order: [c.name] };
  return { ruleset: { family: 'ipv4', tables, ruleCount: 0 }, model: facts.model, kubectl: facts.kubectl };
}

/** With and without colours (large dumps): hover and go-to-chain work in both. */
const LANGUAGES = [IPTABLES_LANGUAGE, IPTABLES_PLAIN_LANGUAGE];

/**
 * Hover on a chain name shows its role, Service port and endpoints; Ctrl/Cmd-click (definition)
 * on a jump target goes to the chain's declaration in the same table. `facts` asks the analysis
 * worker (which keeps the Ruleset) about a chain name at call time; `null` when it cannot say.
 * `words` gives the language on screen at the time of the hover.
 * Returns the registrations to dispose.
 */
export function registerChainProviders(
  monaco: Monaco,
  facts: (name: string) => Promise<ChainFacts | null>,
  words: () => Translate = () => translator('en'),
): IDisposable[] {
  const hover = monaco.languages.registerHoverProvider(LANGUAGES, {
    async provideHover(model, position) {
      const word = chainWord(model, position);
      if (!word) return null;
      const known = await facts(word.word);
      if (!known) return null;
      const paragraphs = describeChain(contextOf(known), word.word, words());
      if (!paragraphs) return null;
      return {
        range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
        contents: paragraphs.map((value) => ({ value })),
      };
    },
  });
  const definition = monaco.languages.registerDefinitionProvider(LANGUAGES, {
    async provideDefinition(model, position) {
      const word = chainWord(model, position);
      if (!word) return null;
      const known = await facts(word.word);
      if (!known) return null;
      const chains = chainsNamed(contextOf(known).ruleset, word.word);
      if (chains.length === 0) return null;
      // KUBE-SERVICES exists in nat and filter: a jump stays in its own table (iptables(8)).
      const table = tableAt(model, position.lineNumber);
      const chain = chains.find((c) => c.table === table) ?? chains[0]!;
      const line = chainDefinitionLine(chain);
      if (line === null || line > model.getLineCount()) return null;
      return { uri: model.uri, range: new monaco.Range(line, 1, line, model.getLineMaxColumn(line)) };
    },
  });
  return [hover, definition];
}

/** The nftables reader's document of a model's text, read once per model version. */
function nftDocumentOf(model: editor.ITextModel, cache: WeakMap<editor.ITextModel, NftReadCache>) {
  const version = model.getVersionId();
  const seen = cache.get(model);
  if (seen?.version === version) return seen.doc;
  const doc = parseNftables(model.getValue()).result;
  cache.set(model, { version, doc });
  return doc;
}

interface NftReadCache {
  readonly version: number;
  readonly doc: NftDocument;
}

/**
 * The nft twins of the chain providers: hover on a chain, set or map name (`@name` too) says what
 * it is (nftInfo.ts); Ctrl/Cmd-click goes to its declaration in the same table. They read the
 * editor's own text with the nftables reader (the analysis may not read nftables), once per edit.
 */
export function registerNftProviders(monaco: Monaco): IDisposable[] {
  const cache = new WeakMap<editor.ITextModel, NftReadCache>();
  const languages = [NFT_LANGUAGE, NFT_PLAIN_LANGUAGE];
  const hover = monaco.languages.registerHoverProvider(languages, {
    provideHover(model, position) {
      const word = model.getWordAtPosition(position);
      if (!word) return null;
      const paragraphs = describeNftName(nftDocumentOf(model, cache), word.word);
      if (!paragraphs) return null;
      return {
        range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
        contents: paragraphs.map((value) => ({ value })),
      };
    },
  });
  const definition = monaco.languages.registerDefinitionProvider(languages, {
    provideDefinition(model, position) {
      const word = model.getWordAtPosition(position);
      if (!word) return null;
      const found = nftDeclarationFor(nftDocumentOf(model, cache), word.word, position.lineNumber);
      const line = found && nftDeclarationLine(found);
      if (!line || line > model.getLineCount()) return null;
      return { uri: model.uri, range: new monaco.Range(line, 1, line, model.getLineMaxColumn(line)) };
    },
  });
  return [hover, definition];
}
