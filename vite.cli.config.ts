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
 * The CLI's bundle (`npm run build:cli`, run by `prepare` on `npm ci` / `npm pack`): an entry
 * with a shebang (the package's `bin`) and one chunk per command, loaded when that command runs
 * (main.ts), for Node. Node starts it without compiling TypeScript (tsx took ~1 s at every start)
 * and compiles only what the command needs. Built in SSR mode, so Node's built-ins stay imports;
 * `noExternal` inlines the npm packages it reads (yaml, @noble/hashes) so a packed tarball runs
 * without any dependency. Not minified: an internal error's stack should name our functions.
 * The output goes outside `dist/`, which the app build empties.
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
      // tree-shaker it is not and it drops out (2.6 of the 3.3 MB the bundle was with it).
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
