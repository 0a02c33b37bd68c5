import { PieceTreeTextBufferBuilder } from 'monaco-editor/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder';
import { LongLineTally } from './longLines';
import { monaco } from './monaco';

/**
 * Setting a 20 MB dump with `model.setValue` was one main-thread task of 300 ms to 2 s: Monaco
 * splits the whole text into lines, its bracket index measures the whole new text (even past the
 * 5 MB where it then gives up), and its view rebuilds. Monaco's own text buffer builder takes a
 * text in chunks (VS Code streams files into it): here each chunk goes in its own task, and the
 * finished buffer becomes a NEW model (same URI, so markers and providers carry over) that the
 * editor shows: a fresh model of that size starts without a bracket index. Earlier attempts fed
 * slices through edits (`applyEdits`), which re-split the text and were worse.
 */

/** Characters per task: splitting 250 kB into lines takes a few ms (tens on a loaded machine). */
const CHUNK_CHARS = 250_000;

/** Lets other tasks run; a MessageChannel is not clamped like nested timers (4 ms each). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Replaces the editor's model with one holding `text`, built a chunk per task. `apply` wraps the
 * final swap (the caller marks it as not an edit). Resolves `false`, changing nothing, if
 * `cancelled()` turned true on the way (a newer text came) or the editor lost its model.
 */
export async function setTextInChunks(
  editor: monaco.editor.IStandaloneCodeEditor,
  text: string,
  apply: (set: () => void) => void,
  cancelled: () => boolean,
): Promise<boolean> {
  const builder = new PieceTreeTextBufferBuilder();
  const tally = new LongLineTally();
  for (let at = 0; at < text.length; at += CHUNK_CHARS) {
    await nextTask();
    if (cancelled()) return false;
    const chunk = text.slice(at, at + CHUNK_CHARS);
    builder.acceptChunk(chunk);
    tally.add(chunk);
  }
  await nextTask();
  if (cancelled()) return false;
  const old = editor.getModel();
  if (!old || old.isDisposed()) return false;
  const { uri } = old;
  const language = old.getLanguageId();
  apply(() => {
    old.dispose();
    // createModel takes a text buffer factory where it takes a string (createTextBuffer in
    // Monaco's textModel.ts accepts string, snapshot or factory).
    const factory = builder.finish(true) as unknown as string;
    const model = monaco.editor.createModel(factory, language, uri);
    // Asked once, as the editor attaches the model (codeEditorWidget.ts _attachModel): the answer
    // counted on the way in, instead of a walk over every line in this task.
    const dominated = tally.dominated();
    Object.assign(model, { isDominatedByLongLines: () => dominated });
    editor.setModel(model);
  });
  return true;
}
