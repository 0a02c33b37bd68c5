import './compare.css';
import { useEffect, useMemo, useState } from 'react';
import type { Diagnostic } from '../../core/text';
import { LineIndex } from '../../core/text';
import { useAppState, useAppStore } from '../../state/context';
import { registerIptablesLanguage } from '../editor/iptablesLanguage';
import { MonacoEditor } from '../editor/MonacoEditor';
import { diagnosticsToMarkers } from '../editor/markers';
import { monaco } from '../editor/monaco';
import { registerNftLanguage, rulesetLanguageFor } from '../editor/nftLanguage';
import { defineTheme } from '../editor/theme';
import { useT } from '../useT';
import { CompareResults } from './CompareResults';

// The editors' languages and theme (Editors.tsx registers them too; each registers once).
registerIptablesLanguage(monaco);
registerNftLanguage(monaco);
defineTheme(monaco);

/** One dump's editor in the Compare view, with its diagnostics as markers. */
function DumpEditor(p: {
  readonly label: string;
  readonly path: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly readOnly: boolean;
  readonly onChange: (text: string) => void;
}) {
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the diagnostics describe the text they were computed from.
  const diagnosed = useMemo(() => ({ text: p.text, index: new LineIndex(p.text) }), [p.diagnostics]);
  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    const { markers } = diagnosticsToMarkers(diagnosed.text, p.diagnostics, diagnosed.index);
    monaco.editor.setModelMarkers(model, 'kpe', markers as monaco.editor.IMarkerData[]);
  }, [editor, p.diagnostics, diagnosed]);
  return (
    <div className="compare-editor">
      <MonacoEditor
        value={p.text}
        language={rulesetLanguageFor(p.text)}
        ariaLabel={p.label}
        path={p.path}
        onChange={p.onChange}
        onReady={(ed) => {
          ed.updateOptions({ readOnly: p.readOnly, tabFocusMode: true });
          setEditor(ed);
          return () => setEditor(null);
        }}
      />
    </div>
  );
}

/**
 * The Compare view (issue 11): the current dump (A, read-only here) beside a second editor (B), and
 * under them each Service port, equivalent or different, with the differing outcomes in words.
 * Loaded with React.lazy (Monaco). The worker compares (protocol.ts `compare`; the latest wins).
 */
export default function CompareView() {
  const tr = useT();
  const store = useAppStore();
  const a = useAppState((s) => s.iptablesText);
  const kubectl = useAppState((s) => s.kubectlText);
  const b = useAppState((s) => s.compareText);
  const diagnostics = useAppState((s) => s.compareDiagnostics);
  // A changed (typed in the main editor, an example loaded): compare again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when A's texts change.
  useEffect(() => {
    store.getState().requestCompare();
  }, [a, kubectl, store]);
  return (
    <section className="compare-view" aria-labelledby="compare-title">
      <header className="compare-header">
        <h2 id="compare-title">{tr('compare.title')}</h2>
        <button type="button" className="button" onClick={() => store.getState().setCompareOpen(false)}>
          {tr('compare.close')}
        </button>
      </header>
      <p className="compare-hint">{tr('compare.hint')}</p>
      <div className="compare-editors">
        <section className="compare-pane" aria-labelledby="compare-a-title">
          <h3 id="compare-a-title">{tr('compare.aTitle')}</h3>
          <DumpEditor
            label={tr('compare.aEditor')}
            path="/compare-a.txt"
            text={a}
            diagnostics={diagnostics.a}
            readOnly
            onChange={() => {}}
          />
        </section>
        <section className="compare-pane" aria-labelledby="compare-b-title">
          <div className="compare-pane-header">
            <h3 id="compare-b-title">{tr('compare.bTitle')}</h3>
            <label className="button file-button">
              {tr('editor.openFile')}
              <input
                type="file"
                aria-label={tr('compare.openFile')}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) void file.text().then((text) => store.getState().setCompareText(text));
                  e.currentTarget.value = '';
                }}
              />
            </label>
          </div>
          <DumpEditor
            label={tr('compare.bEditor')}
            path="/compare-b.txt"
            text={b}
            diagnostics={diagnostics.b}
            readOnly={false}
            onChange={(text) => store.getState().setCompareText(text)}
          />
        </section>
      </div>
      <CompareResults />
    </section>
  );
}
