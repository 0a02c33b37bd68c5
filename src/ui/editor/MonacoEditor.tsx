import { useEffect, useRef } from 'react';
import { monaco } from './monaco';
import { THEME } from './theme';

export interface MonacoEditorProps {
  readonly value: string;
  readonly language: string;
  /** Accessible name of the editor's input (screen readers, Playwright's getByRole). */
  readonly ariaLabel: string;
  /** Model URI path, e.g. `/iptables.txt`: lets providers tell the editors apart. */
  readonly path: string;
  readonly onChange: (value: string) => void;
  readonly onReady?: (editor: monaco.editor.IStandaloneCodeEditor) => (() => void) | undefined;
}

/** Above this many characters, edits reach `onChange` in batches (every DEFER_CHANGES_MS), not per keystroke. */
const DEFER_CHANGES_CHARS = 1_000_000;
const DEFER_CHANGES_MS = 120;

/** A thin wrapper around `monaco.editor.create` (no @monaco-editor/react: it carries a CDN default). */
export function MonacoEditor({ value, language, ariaLabel, path, onChange, onReady }: MonacoEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const emitted = useRef(value);
  const applying = useRef(false);
  /** A burst of typing in a large text not yet handed to `onChange`. */
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callbacks = useRef({ onChange, onReady });
  callbacks.current = { onChange, onReady };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once; `value` syncs below.
  useEffect(() => {
    const model = monaco.editor.createModel(
      emitted.current,
      language,
      monaco.Uri.from({ scheme: 'kpe', path }),
    );
    const editor = monaco.editor.create(host.current as HTMLDivElement, {
      model,
      ariaLabel,
      theme: THEME,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 14,
      lineNumbersMinChars: 4,
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      renderLineHighlight: 'all',
      stickyScroll: { enabled: false },
      // iptables-save has no nesting to colour or match: no bracket-pair index to rebuild on
      // every edit of a large dump.
      bracketPairColorization: { enabled: false },
      guides: { bracketPairs: false },
      matchBrackets: 'never',
    });
    editorRef.current = editor;
    const emit = () => {
      pending.current = null;
      emitted.current = model.getValue();
      callbacks.current.onChange(emitted.current);
    };
    const sub = editor.onDidChangeModelContent(() => {
      if (applying.current) return;
      // model.getValue() of a large dump is a fresh multi-megabyte string, and every consumer of
      // the text (line index, markers, worker message) pays again: in a large dump, keystrokes
      // are handed over together, at most every DEFER_CHANGES_MS.
      if (model.getValueLength() <= DEFER_CHANGES_CHARS) emit();
      else if (pending.current === null) pending.current = setTimeout(emit, DEFER_CHANGES_MS);
    });
    // Leaving the page hands over a pending burst first: capture listeners on the window run
    // before the (bubble) pagehide listener that saves the input (analysisDriver.ts).
    const flush = () => {
      if (pending.current === null) return;
      clearTimeout(pending.current);
      emit();
    };
    window.addEventListener('pagehide', flush, { capture: true });
    const cleanup = callbacks.current.onReady?.(editor);
    return () => {
      window.removeEventListener('pagehide', flush, { capture: true });
      if (pending.current !== null) clearTimeout(pending.current);
      cleanup?.();
      sub.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
  }, []);

  // Before the text effect below: a large text must arrive in a model whose language no longer
  // colours it (see IPTABLES_PLAIN_LANGUAGE), or Monaco starts tokenizing all of it.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model && model.getLanguageId() !== language) monaco.editor.setModelLanguage(model, language);
  }, [language]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || value === emitted.current) return;
    // A text from outside replaces whatever burst of typing was still to be handed over.
    if (pending.current !== null) {
      clearTimeout(pending.current);
      pending.current = null;
    }
    emitted.current = value;
    // A new text from outside (file, example, reload) is not an edit: do not echo it back.
    applying.current = true;
    editor.getModel()?.setValue(value);
    applying.current = false;
  }, [value]);

  return <div ref={host} className="monaco-host" />;
}
