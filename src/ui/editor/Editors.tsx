import { useT } from '../../i18n';
import { useStore } from '../../state/store';
import { getAnalysisClient } from '../../workers/client';
import { EditorPane } from './EditorPane';
import { COLOUR_LIMIT_CHARS, iptablesLanguageFor, registerIptablesLanguage } from './iptablesLanguage';
import { monaco } from './monaco';
import { registerChainProviders } from './providers';
import { defineTheme } from './theme';

// Once per page: the language, theme and providers are global to Monaco.
registerIptablesLanguage(monaco);
defineTheme(monaco);
// The Ruleset stays in the analysis worker: hover and go-to-chain ask it (protocol.ts `chainFacts`).
registerChainProviders(monaco, async (name) => (await getAnalysisClient()?.chainFacts(name)) ?? null);

/**
 * Selection sync for the iptables editor: the cursor's line selects its rule (the graph highlights
 * it); a reveal request from the graph or the packet path scrolls to and highlights its line.
 */
function wireIptablesEditor(editor: monaco.editor.IStandaloneCodeEditor): () => void {
  const highlight = editor.createDecorationsCollection();
  const cursor = editor.onDidChangeCursorPosition((e) => {
    if (e.source !== 'api') useStore.getState().selectLine(e.position.lineNumber);
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
  show(useStore.getState().highlightedLine);
  const unsubscribe = useStore.subscribe((s, prev) => {
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
  const iptablesText = useStore((s) => s.iptablesText);
  const kubectlText = useStore((s) => s.kubectlText);
  const diagnostics = useStore((s) => s.diagnostics);
  const fileName = useStore((s) => s.iptablesFileName);
  const setIptablesText = useStore((s) => s.setIptablesText);
  const setKubectlText = useStore((s) => s.setKubectlText);
  const cleared = useStore((s) => s.clearedExampleKubectl !== null);
  const tr = useT();
  const language = iptablesLanguageFor(iptablesText.length);
  const colourless = language !== iptablesLanguageFor(0);
  return (
    <div className="editors">
      <EditorPane
        id="iptables"
        title="iptables-save"
        regionLabel="iptables-save editor"
        editorLabel="iptables-save input"
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
        onEditor={wireIptablesEditor}
      />
      <EditorPane
        id="kubectl"
        title="kubectl get svc,ep"
        regionLabel="kubectl editor"
        editorLabel="kubectl input"
        fileLabel={tr('editor.openKubectl')}
        language="plaintext"
        text={kubectlText}
        diagnostics={diagnostics.kubectl}
        hint={tr('editor.kubectlHint')}
        notice={
          cleared && (
            <p className="pane-notice" role="status">
              {tr('editor.exampleKubectlCleared')}{' '}
              <button type="button" onClick={() => useStore.getState().restoreExampleKubectl()}>
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
