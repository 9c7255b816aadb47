import { chakra, Stack, Text } from '@chakra-ui/react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@chorus/shared/languages';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHydrated } from '../../hooks/useHydrated';
import { useLanguage, useT } from '../../lib/i18n';
import { useAuth } from '../accounts/session/AuthContext';

/**
 * The public footer's language picker (components/SiteFooter.tsx loads it once the page has hydrated);
 * a pick is handled by switchLanguage.ts.
 */
export default function LanguagePicker() {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { user } = useAuth();

  const onChange = (value: string) => {
    if (!isLanguage(value)) return;
    import('./switchLanguage')
      .then(({ switchLanguage }) => switchLanguage(value, navigate, Boolean(user)))
      .catch((error: unknown) => console.warn('Could not switch the language', error));
  };

  return (
    <Stack gap="1" maxW="60">
      <Text asChild fontSize="sm" fontWeight="medium">
        <label htmlFor={id}>{t('Language')}</label>
      </Text>
      {/* A plain native select: Chakra's NativeSelect brings its field machinery into every public
          page's first download, which is at its budget (web/vite.config.ts). */}
      <chakra.select
        id={id}
        value={language}
        disabled={!hydrated}
        onChange={(event) => onChange(event.currentTarget.value)}
        h="8"
        px="2"
        fontSize="sm"
        bg="bg"
        color="fg"
        borderWidth="1px"
        borderColor="border"
        rounded="l2"
        cursor="pointer"
        focusRing="outside"
        _disabled={{ opacity: 0.6, cursor: 'default' }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </chakra.select>
    </Stack>
  );
}
