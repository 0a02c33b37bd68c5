import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const BIN = 'kube-proxy-explorer.mjs';

/** `./dist-cli/kube-proxy-explorer.mjs` runs as a program (npm's bin links set the mode too). */
function executable(): Plugin {
  return {
    name: 'kpe-cli-executable',
    writeBundle(options) {
      if (options.dir) chmodSync(join(options.dir, BIN), 0o755);
    },
  };
}

/**
 * The CLI's bundle (`npm run build:cli`, run by `prepare` on `npm ci` / `npm pack`): src/cli/main.ts
 * and everything it imports in one ES module for Node, with a shebang, as the package's `bin`.
 * Node starts it without compiling TypeScript (tsx took ~1 s at every start). Built in SSR mode,
 * so Node's built-ins stay imports; `noExternal` inlines the npm packages it reads (yaml,
 * @noble/hashes) so a packed tarball runs without its dependencies. The output goes outside
 * `dist/`, which the app build empties.
 */
export default defineConfig({
  plugins: [executable()],
  // No public/ copy and no index.html: this build has one entry.
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    reportCompressedSize: false,
    rollupOptions: {
      // elkjs (graph layout, core/view) is reachable through core/view's index but never called
      // by the CLI; its bundled build is a CommonJS file that looks side-effectful, so tell the
      // tree-shaker it is not and it drops out (1.4 MB of the bundle, ~?? ms of every start).
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]elkjs[\\/]/.test(id) },
      output: {
        format: 'es',
        entryFileNames: BIN,
        chunkFileNames: 'chunks/[name]-[hash].mjs',
        banner: '#!/usr/bin/env node',
      },
    },
  },
});
