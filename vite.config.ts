/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Nothing leaves the browser: the built page allows no remote origin for anything (node dumps
 * hold internal addresses). Monaco's and our workers are same-origin module workers; Monaco sets
 * inline styles. Added to the built page only: the dev server injects an inline React Refresh
 * preamble that this policy would block.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'kpe-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy()],
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 4096 },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // The JSON report is what .ci/run sums into its closing `N passed, M failed` line
    // (scripts/summarize-tests.mjs). `npm run test:kernel` writes its own, reports/vitest-kernel.json;
    // `npm run test:unit` excludes test/kernel/, so each file runs once in `npm test`.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
