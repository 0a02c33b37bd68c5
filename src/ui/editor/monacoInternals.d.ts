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
