import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The sandboxed preview frame of answers' html, svg, mermaid and React blocks (artifact-frame.html,
 * src/artifact): a build of its own, after the app's (vite.config.ts), into the same dist folder. Apart,
 * none of its code (React for components, sucrase, Mermaid) changes how the app's chunks are split,
 * so the public pages' budgets don't move. The api serves it at /artifact-frame.html with its own
 * CSP (api/src/http/artifactFrame.ts); its scripts are /assets files like the app's.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The app's build ran first into the same folder.
    emptyOutDir: false,
    // The app's build already copied public/.
    copyPublicDir: false,
    // Mermaid's diagram kinds and layouts are big, each loaded only by a diagram that needs it.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: { artifact: 'artifact-frame.html' },
      output: {
        entryFileNames: 'assets/artifact-[hash].js',
        chunkFileNames: 'assets/artifact-[name]-[hash].js',
        assetFileNames: 'assets/artifact-[name]-[hash][extname]',
      },
    },
  },
});
