import { Box } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useHydrated } from '../hooks/useHydrated';
import { useT } from '../lib/i18n';
import { PageSpinner } from './PageSpinner';
import { PublicTopBar } from './PublicTopBar';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';

// The offer of a visitor's own language (features/languages/LanguageSuggestion.tsx), loaded only for
// a browser that prefers another language than English and whose visitor hasn't chosen one.
const LanguageSuggestion = lazy(() => import('../features/languages/LanguageSuggestion'));
const mayOfferLanguage = () => {
  try {
    return !localStorage.getItem('chorus.language') && !/^en\b/i.test(navigator.language);
  } catch {
    return false;
  }
};

/**
 * The language offer, once hydrated. A component of its own so that hydrating re-renders only it:
 * useHydrated's flip is a synchronous update, and had it re-rendered PublicLayout, React would have
 * hydrated the page below (still waiting its turn, in the Suspense boundary) in one long blocking task.
 */
function LanguageSuggestionSlot() {
  return useHydrated() && mayOfferLanguage() ? (
    <Suspense fallback={null}>
      <LanguageSuggestion />
    </Suspense>
  ) : null;
}

/** Shell of every public page: top bar, the page itself (loaded on demand), footer. */
export function PublicLayout() {
  const t = useT();
  return (
    <>
      <SkipLink />
      <PublicTopBar />
      <LanguageSuggestionSlot />
      <Box as="main" id="main" flex="1" display="flex" flexDirection="column">
        {/* A full-screen placeholder keeps the footer below the fold while the page's code loads, so
            nothing on screen jumps when the page arrives (layout shift). */}
        <Suspense fallback={<PageSpinner label={t('Loading...')} minH="100dvh" />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
    </>
  );
}
