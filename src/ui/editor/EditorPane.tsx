import './editor.css';
import { type DragEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import type { Diagnostic } from '../../core/text';
import { LineIndex } from '../../core/text';
import type { Translate } from '../../i18n';
import { useT } from '../useT';
import { DiagnosticList } from './DiagnosticList';
import { MonacoEditor } from './MonacoEditor';
import { diagnosticsToMarkers } from './markers';
import { monaco } from './monaco';
import { IS_MAC, TOGGLE_KEY_TEXT, toggleTabTypesTab, useTabTypesTab } from './tabMode';

export interface EditorPaneProps {
  readonly id: 'iptables' | 'kubectl';
  readonly title: string;
  /** Accessible name of the pane (a region) and of the editor input. */
  readonly regionLabel: string;
  readonly editorLabel: string;
  readonly fileLabel: string;
  readonly language: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly hint: ReactNode;
  /** A one-line note under the header (e.g. "the example's kubectl text was cleared", with a button). */
  readonly notice?: ReactNode;
  readonly onChange: (text: string) => void;
  readonly onFile: (text: string, name: string) => void;
  /** Extra wiring once the editor exists (selection, reveal); returns its cleanup. */
  readonly onEditor?: (editor: monaco.editor.IStandaloneCodeEditor) => (() => void) | undefined;
}

/** Reads a dropped or picked file (UTF-8) and hands its text over. */
async function readFile(
  file: File,
  onFile: EditorPaneProps['onFile'],
  onError: (m: string) => void,
  tr: Translate,
) {
  try {
    onFile(await file.text(), file.name);
  } catch (e) {
    onError(tr('editor.readFailed', { name: file.name, error: e instanceof Error ? e.message : String(e) }));
  }
}

/** One editor with its title, file picker, drop zone, markers and diagnostics list. */
export function EditorPane(p: EditorPaneProps) {
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor | null>(null);
  const [dragging, setDragging] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  // Diagnostics describe the text of their analysis: index the text once per analysis, not per
  // keystroke (scanning a 20 MB dump each key stalls typing; Monaco moves markers along with edits).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the diagnostics on purpose (see above).
  const diagnosed = useMemo(() => ({ text: p.text, index: new LineIndex(p.text) }), [p.diagnostics]);
  const tr = useT();
  const tabTypesTab = useTabTypesTab();

  // Tab leaves the editor unless the user asked for tab-typing (tabMode.ts): Monaco's tabFocusMode.
  useEffect(() => {
    editor?.updateOptions({ tabFocusMode: !tabTypesTab });
  }, [editor, tabTypesTab]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    const { markers } = diagnosticsToMarkers(diagnosed.text, p.diagnostics, diagnosed.index);
    monaco.editor.setModelMarkers(model, 'kpe', markers as monaco.editor.IMarkerData[]);
  }, [editor, p.diagnostics, diagnosed]);

  const onDrop = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void readFile(file, p.onFile, setFileError, tr);
  };
  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragging(true);
  };

  return (
    <section
      className={`editor-pane${dragging ? ' dragging' : ''}`}
      aria-label={p.regionLabel}
      data-text-length={p.text.length}
      onDragOverCapture={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDropCapture={onDrop}
    >
      <header className="pane-header">
        <h2>{p.title}</h2>
        <span className="pane-hint">{p.hint}</span>
        <label className="button file-button">
          {tr('editor.openFile')}
          <input
            type="file"
            aria-label={p.fileLabel}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) void readFile(file, p.onFile, setFileError, tr);
              e.currentTarget.value = '';
            }}
          />
        </label>
      </header>
      <p className="tab-hint" data-tab-types={tabTypesTab ? 'true' : 'false'}>
        {tabTypesTab
          ? tr('editor.tabTypes', { key: TOGGLE_KEY_TEXT })
          : tr('editor.tabMoves', { key: TOGGLE_KEY_TEXT })}
      </p>
      {p.notice}
      {fileError && (
        <p className="file-error" role="alert">
          {fileError}
        </p>
      )}
      <div className="editor-frame">
        <MonacoEditor
          value={p.text}
          language={p.language}
          ariaLabel={p.editorLabel}
          path={`/${p.id}.txt`}
          onChange={p.onChange}
          onReady={(ed) => {
            setEditor(ed);
            // Monaco's own toggle action is not bundled (monaco.ts): the same key, our shared mode.
            ed.addCommand(
              IS_MAC
                ? monaco.KeyMod.WinCtrl | monaco.KeyMod.Shift | monaco.KeyCode.KeyM
                : monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM,
              toggleTabTypesTab,
            );
            const cleanup = p.onEditor?.(ed);
            return () => {
              cleanup?.();
              setEditor(null);
            };
          }}
        />
        {dragging && <div className="drop-overlay">{tr('editor.drop')}</div>}
      </div>
      <DiagnosticList
        diagnostics={p.diagnostics}
        index={diagnosed.index}
        onGoto={(line) => {
          editor?.revealLineInCenter(line);
          editor?.setPosition({ lineNumber: line, column: 1 });
          editor?.focus();
        }}
      />
    </section>
  );
}
