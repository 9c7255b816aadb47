import { HStack, Text } from '@chakra-ui/react';
import { MESSAGE_MAX, type MessageLength } from '@chorus/shared/chatRules';
import { LuTriangleAlert } from 'react-icons/lu';
import { useT } from '../../../lib/i18n';

const ERROR_TEXT = { base: 'red.700', _dark: 'red.300' };

/**
 * "18,240 / 20,000" near the limit of a message; past it, in red, how much to cut (the message is
 * not sent, and stays where it is). `id` is for the box's aria-describedby. The numbers are not a
 * live region (they change on every key); going over adds a short alert, said once.
 */
export function LengthCounter({ id, state }: { id: string; state: MessageLength }) {
  const t = useT();
  if (!state.showCounter) return null;
  const figures = `${state.length.toLocaleString('en-US')} / ${MESSAGE_MAX.toLocaleString('en-US')}`;
  if (!state.over) {
    return (
      <Text id={id} data-testid="message-length" fontVariantNumeric="tabular-nums">
        {figures}
      </Text>
    );
  }
  return (
    <HStack id={id} gap="1" color={ERROR_TEXT} data-testid="message-length" fontVariantNumeric="tabular-nums">
      <LuTriangleAlert aria-hidden="true" />
      <Text>
        {figures} · <span role="alert">{t('Too long to send')}</span>:{' '}
        {t('remove {count, plural, one {# character} other {# characters}}', { count: state.excess })}
      </Text>
    </HStack>
  );
}
