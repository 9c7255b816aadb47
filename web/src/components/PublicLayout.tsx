import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useT } from '../lib/i18n';
import { PageSpinner } from './PageSpinner';
import { PublicTopBar } from './PublicTopBar';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';

/** Shell of every public page: top bar, the page itself (loaded on demand), footer. */
export function PublicLayout() {
  const t = useT();
  return (
    <>
      <SkipLink />
      <PublicTopBar />
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
