import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { resolve } from 'node:path';
import { precompressDir } from './scripts/precompress.ts';

/** Brotli and gzip copies of the built files, served by the server as they are (server/http/static.ts). */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'stockpilot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
};

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000', '/data': 'http://localhost:3000' },
  },
});
