import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/**
 * In development the web app runs on Vite's server and forwards everything the api owns to it, so the
 * browser sees one origin: the session cookie and Apollo's CSRF checks then behave as in production,
 * where the api serves web/dist itself.
 */
export default defineConfig(({ mode }) => {
  // VITE_API_ORIGIN may come from the shell or from the repository's .env files.
  const env = loadEnv(mode, '..');
  const apiOrigin = env.VITE_API_ORIGIN || 'http://localhost:3000';
  return {
    plugins: [react()],
    server: {
      proxy: {
        '/graphql': { target: apiOrigin, ws: true },
        '/api': apiOrigin,
        '/media': apiOrigin,
        '/healthz': apiOrigin,
        '/graphiql': apiOrigin,
      },
    },
    preview: {
      proxy: {
        '/graphql': { target: apiOrigin, ws: true },
        '/api': apiOrigin,
        '/media': apiOrigin,
        '/healthz': apiOrigin,
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Libraries every page needs get their own long-cached chunks, so a deploy that only
          // changes our code doesn't make returning visitors download React, Apollo or the theme again.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              },
              {
                name: 'apollo',
                test: /node_modules[\\/](@apollo|graphql|graphql-ws|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)[\\/]/,
              },
              {
                name: 'chakra-theme',
                test: /node_modules[\\/](@emotion|@pandacss|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|theme|preset))/,
              },
            ],
          },
        },
      },
    },
  };
});
