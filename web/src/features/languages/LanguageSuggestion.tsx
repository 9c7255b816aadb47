import { Button, Container, HStack, Text } from '@chakra-ui/react';
import {
  isLocalizedPath,
  LANGUAGE_NAMES,
  type Language,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from '@chorus/shared/languages';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { Translator } from '../../lib/i18n';
import { translatorFor } from '../../lib/translators';
import { browserLanguage, chooseLanguage, chosenLanguage } from './languageChoice';

/**
 * A visitor whose browser prefers one of Chorus's other languages, on a public page at its English
 * path, is offered that language's page (in that language), never sent there: search engines and
 * people who like English keep the English page. "Stay in English" is a choice, remembered like the
 * pickers' (languageChoice.ts), so the offer doesn't come back.
 */
export default function LanguageSuggestion() {
  const { pathname } = useLocation();
  const english = pathWithoutLanguage(pathname);
  const offered: Language | null =
    languageOfPath(pathname) === 'en' && isLocalizedPath(english) && !chosenLanguage()
      ? browserLanguage()
      : null;
  const [translator, setTranslator] = useState<Translator | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!offered || offered === 'en') return;
    let current = true;
    translatorFor(offered)
      .then((loaded) => current && setTranslator(loaded))
      .catch(() => {}); // No offer when its words can't be loaded.
    return () => {
      current = false;
    };
  }, [offered]);

  if (!offered || offered === 'en' || !translator || translator.language !== offered || dismissed)
    return null;
  // Its words are in the offered language (found by the catalogues' extractor as t('…') calls).
  const { t } = translator;
  const language = LANGUAGE_NAMES[offered];
  return (
    // Fixed at the bottom of the window: appearing after the page has drawn, it moves nothing on it.
    <Container maxW="xl" position="fixed" insetX="0" bottom="4" zIndex="banner" px="4">
      <HStack
        shadow="lg"
        borderWidth="1px"
        role="region"
        aria-label={t('This page is also in {language}.', { language })}
        lang={offered}
        gap="3"
        px="4"
        py="2"
        rounded="md"
        bg="bg.panel"
        wrap="wrap"
        justify="space-between"
      >
        <Text fontSize="sm">{t('This page is also in {language}.', { language })}</Text>
        <HStack gap="2">
          <Button asChild size="xs">
            <RouterLink to={pathInLanguage(english, offered)} hrefLang={offered}>
              {t('Show it in {language}', { language })}
            </RouterLink>
          </Button>
          <Button
            size="xs"
            variant="ghost"
            onClick={() => {
              chooseLanguage('en');
              setDismissed(true);
            }}
          >
            {t('Stay in English')}
          </Button>
        </HStack>
      </HStack>
    </Container>
  );
}
