import { useMutation } from '@apollo/client/react';
import { Card, chakra, Stack, Text } from '@chakra-ui/react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@chorus/shared/languages';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { chooseLanguage, chosenLanguage } from '../../languages/languageChoice';
import { UpdateSettingsMutation } from '../graphql';

/**
 * The interface language: applies at once (languageChoice.ts switches the app, remembered in this
 * browser) and is saved on the account, so signing in elsewhere opens in it (SavedColorModeSync.tsx).
 * "Browser default" (null) follows the browser's languages. Each name is shown in its own language.
 */
export function LanguageCard({ saved }: { saved: string | null }) {
  const t = useT();
  const selectId = useId();
  const descriptionId = useId();
  const [value, setValue] = useState<Language | ''>(isLanguage(saved) ? saved : (chosenLanguage() ?? ''));
  const [updateSettings] = useMutation(UpdateSettingsMutation);

  const change = (next: string) => {
    const language = isLanguage(next) ? next : null;
    setValue(language ?? '');
    chooseLanguage(language);
    updateSettings({ variables: { input: { language } } }).catch((error: unknown) =>
      notifyFailure(t('Language not saved'), error),
    );
  };

  return (
    <Card.Root variant="outline" mt="4">
      <Card.Header>
        <Card.Title as="h2">{t('Language')}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="1.5">
          <chakra.label htmlFor={selectId} fontWeight="medium">
            {t('Language')}
          </chakra.label>
          <chakra.select
            id={selectId}
            aria-describedby={descriptionId}
            value={value}
            onChange={(event) => change(event.target.value)}
            maxW="sm"
            h="10"
            px="3"
            borderWidth="1px"
            rounded="md"
            bg="bg"
            color="fg"
            focusRing="outside"
          >
            <option value="">{t('Browser default')}</option>
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </chakra.select>
          <Text id={descriptionId} fontSize="sm" color="fg.muted">
            {t('Chorus is shown in this language on every device you sign in on.')}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
