// Monaco, bundled locally (never a CDN: nothing leaves the browser). Only the editor API and the
// features we use are imported — a full `import 'monaco-editor'` would emit ~9 MB of language
// workers. This module is reached only through React.lazy, so none of it is in the initial load.
import * as monaco from 'monaco-editor/editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/gotoSymbol/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/comment/register';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

// Monaco's own editor worker (diffing, word ranges): same-origin module worker from the bundle.
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };
export type Monaco = typeof monaco;
