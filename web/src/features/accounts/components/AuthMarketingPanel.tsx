import { Badge, Heading, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { statSlotRecipe } from '@chakra-ui/react/theme';
import { useT } from '../../../lib/i18n';
import { registerRecipes } from '../../../theme/registerRecipes';

registerRecipes({ slotRecipes: { stat: statSlotRecipe } });

const ASSISTANTS = ['GPT', 'Claude', 'Grok', 'Gemini'];

/** The brand side of the login and sign-up screens. */
export function AuthMarketingPanel() {
  const t = useT();
  return (
    <Stack
      as="aside"
      aria-labelledby="auth-panel-title"
      gap="6"
      p={{ base: '6', md: '10' }}
      rounded="2xl"
      bgGradient="to-br"
      gradientFrom="purple.700"
      gradientTo="purple.900"
      color="white"
      height="full"
      justify="center"
    >
      <Heading as="h2" id="auth-panel-title" size={{ base: '2xl', md: '3xl' }}>
        {t('Every great AI, one conversation')}
      </Heading>
      <Text fontSize="lg" color="whiteAlpha.900">
        {t(
          'Ask Grok, Claude, Gemini and GPT side by side. Switch with an @command, keep your context, and turn ideas into short videos.',
        )}
      </Text>
      <HStack as="ul" listStyleType="none" wrap="wrap" gap="2" aria-label={t('Assistants')}>
        {ASSISTANTS.map((name) => (
          <li key={name}>
            <Badge size="lg" variant="outline" color="white" borderColor="whiteAlpha.600">
              {name}
            </Badge>
          </li>
        ))}
      </HStack>
      {/* A <dl> must list each term before its value; column-reverse still shows the number on top. */}
      <SimpleGrid columns={2} gap="4">
        <Stat.Root flexDirection="column-reverse">
          <Stat.Label color="whiteAlpha.900">{t('Active users')}</Stat.Label>
          <Stat.ValueText color="white">13+</Stat.ValueText>
        </Stat.Root>
        <Stat.Root flexDirection="column-reverse">
          <Stat.Label color="whiteAlpha.900">{t('AI conversations')}</Stat.Label>
          <Stat.ValueText color="white">257+</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
    </Stack>
  );
}
