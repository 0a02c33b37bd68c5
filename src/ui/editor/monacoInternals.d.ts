// Types for the Monaco 0.57 internal largeText.ts uses (the package ships no .d.ts for them).
declare module 'monaco-editor/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder' {
  export interface TextBufferFactory {
    create(defaultEOL: number): { textBuffer: unknown; disposable: { dispose(): void } };
  }
  export class PieceTreeTextBufferBuilder {
    acceptChunk(chunk: string): void;
    finish(normalizeEOL?: boolean): TextBufferFactory;
  }
}

// The Markdown parser Monaco renders hovers with (chainInfo.test.ts judges hovers by its output).
declare module 'monaco-editor/base/common/marked/marked.js' {
  export const marked: { parse(src: string, options: { async: false }): string };
}
