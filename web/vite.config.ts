import { isLocalizedPath, PREFIXED_LANGUAGES, pathInLanguage } from '@chorus/shared/languages';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { chakraGlobalCssOnDemand } from './vite-plugins/chakraGlobalCssOnDemand';
import { graphqlDocuments } from './vite-plugins/graphqlDocuments';
import { iconsPerModule } from './vite-plugins/iconsPerModule';
import { initialJsReport } from './vite-plugins/initialJsReport';
import { messageCatalogs } from './vite-plugins/messageCatalogs';
import { prerenderPages } from './vite-plugins/prerenderPages';
import { serviceWorker } from './vite-plugins/serviceWorker';

/** Public routes and the lazy chunks that load when each is opened directly (see AppRoutes.tsx). */
const PUBLIC_ROUTES = [
  { route: '/', modules: ['features/seo/pages/LandingPage.tsx'] },
  { route: '/features', modules: ['features/seo/pages/FeaturesPage.tsx'] },
  { route: '/pricing', modules: ['features/billing/pages/PricingPage.tsx'] },
  { route: '/ai-chatbot-for-schoolwork', modules: ['features/seo/pages/UseCasePage.tsx'] },
  { route: '/ai-content-rewriter', modules: ['features/seo/pages/UseCasePage.tsx'] },
  { route: '/ai-life-coach-chatbot', modules: ['features/seo/pages/UseCasePage.tsx'] },
  { route: '/ai-chatbot-for-business', modules: ['features/seo/pages/UseCasePage.tsx'] },
  { route: '/login', modules: ['features/accounts/pages/LoginPage.tsx'] },
  { route: '/register', modules: ['features/accounts/pages/RegisterPage.tsx'] },
  { route: '/ai-video-generator', modules: ['features/seo/pages/VideoGeneratorPage.tsx'] },
  { route: '/community-videos', modules: ['features/video/pages/CommunityVideosPage.tsx'] },
  { route: '/videos/{slug}', modules: ['features/video/pages/PublicVideoPage.tsx'] },
  { route: '/invite/{token}', modules: ['features/social/pages/InvitePage.tsx'] },
  { route: '/share/{token}', modules: ['features/shares/pages/SharePage.tsx'] },
  { route: '/u/{username}', modules: ['features/creators/pages/CreatorPage.tsx'] },
  { route: '404', modules: ['app/NotFoundPage.tsx'] },
  // The signed-in chat (/chat and /chat/:id): preloaded with its HTML like the public pages, so the
  // chat's code downloads while the session is checked; no public-page budget (slowNetwork bench).
  {
    route: '/chat',
    modules: ['app/ApolloOutlet.tsx', 'features/chat/pages/ChatPage.tsx'],
    budget: false as const,
  },
];
/**
 * Public pages whose HTML the build renders ahead (vite-plugins/prerenderPages.ts): the ones that
 * show the same thing to every visitor. The data-backed pages render in the browser.
 */
const PRERENDERED_ROUTES = [
  { route: '/' },
  { route: '/features' },
  { route: '/pricing' },
  { route: '/ai-chatbot-for-schoolwork' },
  { route: '/ai-content-rewriter' },
  { route: '/ai-life-coach-chatbot' },
  { route: '/ai-chatbot-for-business' },
  { route: '/login' },
  { route: '/register', readsQuery: true },
];
/** The same pages in each other language, under its prefix (/es/pricing), where they exist. */
const PRERENDERED_IN_LANGUAGES = [
  ...PRERENDERED_ROUTES,
  ...PREFIXED_LANGUAGES.flatMap((language) =>
    PRERENDERED_ROUTES.filter(({ route }) => isLocalizedPath(route)).map(({ route }) => ({
      route: pathInLanguage(route, language),
    })),
  ),
];
/** Issue 7: a public page's initial JavaScript stays under 150 KB gzipped. */
const INITIAL_JS_BUDGET_KB = 150;

/**
 * In development the web app runs on Vite's server and forwards everything the api owns to it, so the
 * browser sees one origin: the session cookie and Apollo's CSRF checks then behave as in production,
 * where the api serves web/dist itself.
 */
export default defineConfig(({ mode, isSsrBuild }) => {
  // VITE_API_ORIGIN may come from the shell or from the repository's .env files.
  const env = loadEnv(mode, '..');
  const apiOrigin = env.VITE_API_ORIGIN || 'http://localhost:3000';
  return {
    plugins: [
      react(),
      messageCatalogs(),
      graphqlDocuments(),
      iconsPerModule(),
      chakraGlobalCssOnDemand(),
      // The pre-rendering server build (isSsrBuild) only needs the source transforms.
      ...(isSsrBuild
        ? []
        : [
            initialJsReport(PUBLIC_ROUTES, INITIAL_JS_BUDGET_KB),
            prerenderPages(PRERENDERED_IN_LANGUAGES),
            // The installable app's service worker (README "Installable app").
            ...serviceWorker(),
          ]),
    ],
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
      // Every browser Chorus supports preloads modules natively (Chrome 66, Safari 17, Firefox 115):
      // Vite's polyfill for the others would be part of every page's first download.
      modulePreload: { polyfill: false },
      emptyOutDir: true,
      rolldownOptions: {
        // Chakra's theme module builds its unused default config with defineConfig(), an identity
        // function the bundler can't see through; marked pure, the recipes it references stay out of
        // the entry chunk (theme/system.ts takes the few the shell needs; modules register the rest).
        treeshake: { manualPureFunctions: ['defineConfig'] },
        output: isSsrBuild
          ? {}
          : {
              // Libraries get their own long-cached chunks, so a deploy that only changes our code doesn't
              // make returning visitors download React, Apollo or the theme again. Apollo's small error
              // classes stay out of the Apollo chunk: pages that only read errors shouldn't pull it in.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
                  },
                  {
                    name: 'apollo',
                    test: /node_modules[\\/](@apollo[\\/]client[\\/](?!errors[\\/])|graphql|graphql-ws|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)[\\/]/,
                  },
                  {
                    name: 'chakra-theme',
                    // Component recipes stay out: most are registered by the modules using them (registerRecipes.ts).
                    test: /node_modules[\\/](@emotion|@pandacss|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|theme(?![\\/](recipes|slot-recipes|index\.js))|preset-base))/,
                  },
                  {
                    // The small parts every public page draws (the top bar's buttons and icons, the
                    // footer's links…) in one file rather than a dozen: the same code, a few hundred
                    // bytes less to download (each file is compressed on its own).
                    name: 'shell-parts',
                    test: /(@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](components[\\/](button|stack|image|icon|icon-button|link|spinner|typography|center)[\\/]|create-anatomy))|src[\\/](lib[\\/](whenIdle|genIcon)|hooks[\\/]useHydrated|features[\\/]accounts[\\/]session[\\/]AuthContext|app[\\/]loadApollo)\.tsx?$/,
                  },
                  {
                    // "Load more" and its hook travel together: the pages with a paged list (the
                    // community videos at the edge of the budget) then fetch one chunk, not two, whoever
                    // else imports only the hook (/chat).
                    name: 'load-more',
                    test: /src[\\/](hooks[\\/]useLoadMore|components[\\/]LoadMoreButton)\.tsx?$/,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
      },
    },
  };
});
