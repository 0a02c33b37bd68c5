import { useEffect, useRef } from 'react';
import { setTextInChunks } from './largeText';
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
/**
 * Above this many characters a text from outside goes into the model a chunk per task
 * (largeText.ts), and indentation folding is off: on a 20 MB dump its ranges took 100 ms a pass
 * and iptables-save has no indentation to fold.
 */
const LARGE_TEXT_CHARS = 1_000_000;

/** A thin wrapper around `monaco.editor.create` (no @monaco-editor/react: it carries a CDN default). */
export function MonacoEditor({ value, language, ariaLabel, path, onChange, onReady }: MonacoEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const emitted = useRef(value);
  const applying = useRef(false);
  /** Counts texts from outside; a chunked set of an older one stops. */
  const generation = useRef(0);
  /** A burst of typing in a large text not yet handed to `onChange`. */
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callbacks = useRef({ onChange, onReady });
  callbacks.current = { onChange, onReady };

  // The accessible name follows the language on screen (the editor itself is created once).
  useEffect(() => {
    editorRef.current?.updateOptions({ ariaLabel });
  }, [ariaLabel]);

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
      folding: emitted.current.length <= LARGE_TEXT_CHARS,
    });
    editorRef.current = editor;
    // The editor's model, not `model`: a large text from outside comes in a new model (largeText.ts).
    const emit = () => {
      pending.current = null;
      emitted.current = editor.getValue();
      callbacks.current.onChange(emitted.current);
    };
    const sub = editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      if (applying.current || !model) return;
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
      const shown = editor.getModel();
      editor.dispose();
      shown?.dispose();
      if (shown !== model && !model.isDisposed()) model.dispose();
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
    const model = editor.getModel();
    if (!model) return;
    // A new text from outside (file, example, reload) is not an edit: do not echo it back.
    const apply = (set: () => void) => {
      applying.current = true;
      set();
      applying.current = false;
    };
    const mine = ++generation.current;
    const large = value.length > LARGE_TEXT_CHARS;
    // While a large text's chunks go in, the editor still shows the old text: no typing into it.
    editor.updateOptions({ folding: !large, readOnly: large });
    if (!large) {
      apply(() => model.setValue(value));
      return;
    }
    void setTextInChunks(editor, value, apply, () => mine !== generation.current).then((done) => {
      if (done) editor.updateOptions({ readOnly: false });
    });
  }, [value]);

  return <div ref={host} className="monaco-host" />;
}
