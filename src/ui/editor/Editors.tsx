import { useEffect } from 'react';
import { translator } from '../../i18n';
import { useAppState, useAppStore } from '../../state/context';
import type { AppStore } from '../../state/store';
import { useT } from '../useT';
import { EditorPane } from './EditorPane';
import { COLOUR_LIMIT_CHARS, IPTABLES_PLAIN_LANGUAGE, registerIptablesLanguage } from './iptablesLanguage';
import { monaco } from './monaco';
import { NFT_PLAIN_LANGUAGE } from './nftGrammar';
import { registerNftLanguage, rulesetLanguageFor } from './nftLanguage';
import { registerChainProviders, registerNftProviders } from './providers';
import { defineTheme } from './theme';

// Once per page: the languages and theme are global to Monaco.
registerIptablesLanguage(monaco);
registerNftLanguage(monaco);
defineTheme(monaco);

/**
 * Selection sync for the iptables editor: the cursor's line selects its rule (the graph highlights
 * it); a reveal request from the graph or the packet path scrolls to and highlights its line.
 */
function wireIptablesEditor(store: AppStore, editor: monaco.editor.IStandaloneCodeEditor): () => void {
  const highlight = editor.createDecorationsCollection();
  const cursor = editor.onDidChangeCursorPosition((e) => {
    if (e.source !== 'api') store.getState().selectLine(e.position.lineNumber);
  });
  const show = (line: number | null) => {
    const model = editor.getModel();
    if (!model || line === null || line < 1 || line > model.getLineCount()) {
      highlight.clear();
      return;
    }
    editor.revealLineInCenterIfOutsideViewport(line);
    highlight.set([
      {
        range: new monaco.Range(line, 1, line, model.getLineMaxColumn(line)),
        options: {
          isWholeLine: true,
          className: 'kpe-line-highlight',
          linesDecorationsClassName: 'kpe-line-gutter',
        },
      },
    ]);
  };
  show(store.getState().highlightedLine);
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.highlightedLine !== prev.highlightedLine || s.revealCount !== prev.revealCount)
      show(s.highlightedLine);
  });
  return () => {
    unsubscribe();
    cursor.dispose();
    highlight.clear();
  };
}

/** The two editors (iptables-save, kubectl). Loaded with React.lazy: Monaco is not in the first load. */
export default function Editors() {
  const store = useAppStore();
  // The Ruleset stays in the analysis worker: hover and go-to-chain ask it (protocol.ts `chainFacts`).
  // Monaco's providers are global: registered while the editors are mounted, for this store.
  useEffect(() => {
    const providers = [
      ...registerChainProviders(
        monaco,
        (name) => store.getState().chainFacts(name),
        () => translator(store.getState().language),
      ),
      ...registerNftProviders(monaco),
    ];
    return () => {
      for (const p of providers) p.dispose();
    };
  }, [store]);
  const iptablesText = useAppState((s) => s.iptablesText);
  const kubectlText = useAppState((s) => s.kubectlText);
  const diagnostics = useAppState((s) => s.diagnostics);
  const fileName = useAppState((s) => s.iptablesFileName);
  const setIptablesText = useAppState((s) => s.setIptablesText);
  const setKubectlText = useAppState((s) => s.setKubectlText);
  const cleared = useAppState((s) => s.clearedExampleKubectl !== null);
  const tr = useT();
  // nftables text (`nft list ruleset`, `nft -f`) gets the nft language; the rest iptables-save's.
  const language = rulesetLanguageFor(iptablesText);
  const colourless = language === IPTABLES_PLAIN_LANGUAGE || language === NFT_PLAIN_LANGUAGE;
  return (
    <div className="editors">
      <EditorPane
        id="iptables"
        title="iptables-save"
        regionLabel={tr('editor.iptablesRegion')}
        editorLabel={tr('editor.iptablesInput')}
        fileLabel={tr('editor.openIptables')}
        language={language}
        text={iptablesText}
        diagnostics={diagnostics.iptables}
        hint={[
          fileName ? tr('editor.fromFile', { name: fileName }) : tr('editor.iptablesHint'),
          colourless ? tr('editor.noColours', { mb: COLOUR_LIMIT_CHARS / 1_000_000 }) : '',
        ]
          .filter(Boolean)
          .join(' · ')}
        onChange={(t) => setIptablesText(t)}
        onFile={(t, name) => setIptablesText(t, 'file', name)}
        onEditor={(editor) => wireIptablesEditor(store, editor)}
      />
      <EditorPane
        id="kubectl"
        title="kubectl get svc,ep"
        regionLabel={tr('editor.kubectlRegion')}
        editorLabel={tr('editor.kubectlInput')}
        fileLabel={tr('editor.openKubectl')}
        language="plaintext"
        text={kubectlText}
        diagnostics={diagnostics.kubectl}
        hint={tr('editor.kubectlHint')}
        notice={
          cleared && (
            <p className="pane-notice" role="status">
              {tr('editor.exampleKubectlCleared')}{' '}
              <button type="button" onClick={() => store.getState().restoreExampleKubectl()}>
                {tr('editor.restoreKubectl')}
              </button>
            </p>
          )
        }
        onChange={(t) => setKubectlText(t)}
        onFile={(t) => setKubectlText(t, 'file')}
      />
    </div>
  );
}
