import { PREFIXED_LANGUAGES, pathWithoutLanguage } from '@chorus/shared/languages';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { PublicLayout } from '../components/PublicLayout';
import { RequireAuth } from '../features/accounts/session/RequireAuth';
import { ChatSearchLayout } from '../features/search/ChatSearchLayout';
import { USE_CASE_PAGES } from '../features/seo/useCasePaths';
import { useT } from '../lib/i18n';

/**
 * A lazy page that can also be loaded ahead: once loaded it renders directly, without suspending.
 * The pre-rendered pages are loaded before React hydrates them (main.tsx), so hydration covers the
 * whole page at once; a page still loading would keep its server HTML as a dehydrated boundary, which
 * React replaces with the spinner if an update (e.g. the session check) reaches it first.
 */
function preloadable<Props extends object = object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let Loaded: ComponentType<Props> | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: runs once per page at module level, so each Page is one stable component.
  const Page = (props: Props) => (Loaded ? <Loaded {...props} /> : <Lazy {...props} />);
  return Object.assign(Page, { preload });
}

// Every page is its own chunk, so a visitor to a marketing page never downloads the signed-in app.
const LandingPage = preloadable(() => import('../features/seo/pages/LandingPage'));
const LoginPage = preloadable(() => import('../features/accounts/pages/LoginPage'));
const RegisterPage = preloadable(() => import('../features/accounts/pages/RegisterPage'));
const FeaturesPage = preloadable(() => import('../features/seo/pages/FeaturesPage'));
const PricingPage = preloadable(() => import('../features/billing/pages/PricingPage'));
const VideoGeneratorPage = preloadable(() => import('../features/seo/pages/VideoGeneratorPage'));
const CommunityVideosPage = preloadable(() => import('../features/video/pages/CommunityVideosPage'));
// The four use-case pages are one page drawn from their copy, by path.
const UseCasePage = preloadable(() => import('../features/seo/pages/UseCasePage'));
const PublicVideoPage = preloadable(() => import('../features/video/pages/PublicVideoPage'));
const SharePage = preloadable(() => import('../features/shares/pages/SharePage'));
const CreatorPage = preloadable(() => import('../features/creators/pages/CreatorPage'));
const InvitePage = lazy(() => import('../features/social/pages/InvitePage'));
const ForgotPasswordPage = lazy(() => import('../features/accounts/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/accounts/pages/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/accounts/pages/VerifyEmailPage'));
const UndoEmailChangePage = lazy(() => import('../features/accounts/pages/UndoEmailChangePage'));
const PaymentCancelledPage = lazy(() => import('../features/billing/pages/PaymentCancelledPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
// Signed-in pages use Apollo hooks and sit under this layout route; public pages render without Apollo.
const ApolloOutlet = lazy(() => import('./ApolloOutlet'));

const ChatPage = lazy(() => import('../features/chat/pages/ChatPage'));
const AccountLayout = lazy(() => import('../features/accounts/components/AccountLayout'));

/**
 * The pages that arrive drawn, by path: the ones the web build pre-renders (vite.config.ts lists the
 * same paths) and the public data pages the api draws per request with their data.
 */
const SERVER_DRAWN_PAGES: Record<string, { preload: () => Promise<unknown> }> = {
  '/': LandingPage,
  '/features': FeaturesPage,
  '/pricing': PricingPage,
  ...Object.fromEntries(USE_CASE_PAGES.map(({ path }) => [path, UseCasePage])),
  '/login': LoginPage,
  '/register': RegisterPage,
  '/community-videos': CommunityVideosPage,
  '/ai-video-generator': VideoGeneratorPage,
};

/** Loads the page at `pathname` when it arrives drawn by the server (before hydrating it). */
export function preloadPage(pathname: string): Promise<unknown> {
  const english = pathWithoutLanguage(pathname);
  const path = english.length > 1 ? english.replace(/\/+$/, '') : english;
  if (/^\/videos\/[^/]+$/.test(path)) return PublicVideoPage.preload();
  if (/^\/share\/[^/]+$/.test(path)) return SharePage.preload();
  if (/^\/u\/[^/]+$/.test(path)) return CreatorPage.preload();
  return SERVER_DRAWN_PAGES[path]?.preload() ?? Promise.resolve();
}

/**
 * The public pages every language has (packages/shared/src/languages.ts LOCALIZED_PATHS): English's at
 * the top, each other language's under its prefix. The public data pages read the REST shims
 * (lib/api.ts), so they render without Apollo.
 */
function localizedPages() {
  return (
    <>
      <Route index element={<LandingPage />} />
      <Route path="features" element={<FeaturesPage />} />
      <Route path="pricing" element={<PricingPage />} />
      <Route path="ai-video-generator" element={<VideoGeneratorPage />} />
      <Route path="community-videos" element={<CommunityVideosPage />} />
      <Route path="videos/:slug" element={<PublicVideoPage />} />
      {USE_CASE_PAGES.map(({ path }) => (
        <Route key={path} path={path.slice(1)} element={<UseCasePage path={path} />} />
      ))}
    </>
  );
}

/** The spec §2 route table. */
export function AppRoutes() {
  const t = useT();
  return (
    <Suspense fallback={<PageSpinner label={t('Loading...')} minH="100dvh" />}>
      <Routes>
        <Route element={<PublicLayout />}>
          {localizedPages()}
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route path="undo-email-change" element={<UndoEmailChangePage />} />
          <Route path="u/:username" element={<CreatorPage />} />
          <Route path="invite/:token" element={<InvitePage />} />
          {/* A read-only snapshot of someone's chat, for anyone with the link (drawn by the api). */}
          <Route path="share/:token" element={<SharePage />} />
          {/* The same public pages in each other language, under its prefix (/es/pricing). */}
          {PREFIXED_LANGUAGES.map((language) => (
            <Route key={language} path={language}>
              {localizedPages()}
            </Route>
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {/* Checkout's cancel URL: My Plan for the new (signed-in) account, sign-up otherwise. */}
        <Route path="payment-cancelled" element={<PaymentCancelledPage />} />
        {/* The spec's community page links to /ai-videos; the generator page lives at /ai-video-generator. */}
        <Route path="ai-videos" element={<Navigate to="/ai-video-generator" replace />} />
        <Route element={<ApolloOutlet />}>
          {/* The admin console: AccountLayout's chunk draws it (features/admin), as a lazy page here
              would take the public pages over budget. Outside RequireAuth: it answers everyone but
              admins, signed-out visitors too, with the 404. */}
          <Route path="admin/*" element={<AccountLayout />} />
          <Route element={<RequireAuth />}>
            <Route element={<ChatSearchLayout />}>
              {/* /chat is a new chat; /chat/:chatId (or /chat?c=id) reopens one, also after a reload. */}
              <Route path="chat/:chatId?" element={<ChatPage />} />
              {/* The account pages: AccountLayout draws each (its chunk loads them), since a lazy page
                  of its own here is part of every public page's first download (the JS budget). */}
              <Route element={<AccountLayout />}>
                <Route path="profile" />
                <Route path="settings" />
                <Route path="settings/safety" />
                <Route path="settings/webhooks" />
                <Route path="settings/tools" />
                <Route path="settings/tokens" />
                <Route path="notifications" />
                <Route path="plans" />
                <Route path="usage" />
                <Route path="files" />
                <Route path="prompts" />
                <Route path="assistants" />
                <Route path="friends" />
                <Route path="messages" />
                <Route path="gallery" />
                <Route path="liked" />
                <Route path="invitations" />
                <Route path="leaderboard" />
              </Route>
            </Route>
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
