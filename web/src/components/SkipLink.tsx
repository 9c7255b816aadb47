import { Link } from '@chakra-ui/react';
import { useT } from '../lib/i18n';

/** First tab stop on every page: lets keyboard users jump past the navigation to `<main id="main">`. */
export function SkipLink() {
  const t = useT();
  return (
    <Link
      href="#main"
      position="absolute"
      left="2"
      top="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      bg="colorPalette.solid"
      color="colorPalette.contrast"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)' }}
    >
      {t('Skip to main content')}
    </Link>
  );
}
