import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCopy, LuMessageSquare, LuPencil, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { CustomAssistantFieldsFragment } from '../../../graphql/__generated__/graphql';
import { useT } from '../../../lib/i18n';
import { ReportButton } from '../../moderation/ReportButton';
import { chatLink, initialOf, modelLabel, textOn, visibilityBadge } from '../assistantRules';

export type Assistant = CustomAssistantFieldsFragment;

/** The coloured circle with the name's first letter. */
export function AssistantAvatar({
  name,
  color,
  size = '10',
}: {
  name: string;
  color: string;
  size?: string;
}) {
  return (
    <Flex
      aria-hidden="true"
      flexShrink={0}
      boxSize={size}
      borderRadius="full"
      align="center"
      justify="center"
      fontWeight="bold"
      bg={color}
      color={textOn(color)}
    >
      {initialOf(name)}
    </Flex>
  );
}

const VISIBILITY_PALETTE: Record<string, string> = { private: 'gray', friends: 'purple', public: 'green' };

/** One assistant: who it is, what runs it, its starters, and what the viewer may do with it. */
export function AssistantCard({
  assistant,
  onEdit,
  onDelete,
  onCopy,
  copying,
}: {
  assistant: Assistant;
  onEdit?: () => void;
  onDelete?: () => void;
  onCopy?: () => void;
  copying?: boolean;
}) {
  const t = useT();
  const headingId = `assistant-${assistant.id}`;
  const owner = assistant.owner.displayName || assistant.owner.username;
  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" size="sm" h="full">
      <Card.Body gap="3">
        <HStack align="start" gap="3">
          <AssistantAvatar name={assistant.name} color={assistant.color} />
          <Stack gap="0" minW="0" flex="1" overflowWrap="anywhere">
            <Heading as="h3" id={headingId} size="sm" wordBreak="break-word" dir="auto">
              {assistant.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              @{assistant.handle}
            </Text>
          </Stack>
          <Badge
            colorPalette={VISIBILITY_PALETTE[assistant.visibility] ?? 'gray'}
            variant="subtle"
            flexShrink={0}
          >
            {t(visibilityBadge(assistant.visibility))}
          </Badge>
        </HStack>
        {assistant.description ? (
          <Text fontSize="sm" dir="auto" lineClamp={3}>
            {assistant.description}
          </Text>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          {t('Runs on {model}', { model: modelLabel(assistant.model) })}
          {assistant.mine ? '' : ` · ${t('by {owner}', { owner })}`}
          {assistant.uses > 0
            ? ` · ${t('{count, plural, one {# use} other {# uses}}', { count: assistant.uses })}`
            : ''}
        </Text>
        {assistant.starters.length > 0 ? (
          <Box>
            <Text fontSize="xs" color="fg.muted" mb="1">
              {t('Try:')}
            </Text>
            <HStack gap="1.5" as="ul" listStyleType="none" flexWrap="wrap">
              {assistant.starters.map((s) => (
                <Box
                  as="li"
                  key={s}
                  fontSize="xs"
                  px="2"
                  py="0.5"
                  borderWidth="1px"
                  borderRadius="full"
                  maxW="full"
                  truncate
                  dir="auto"
                >
                  {s}
                </Box>
              ))}
            </HStack>
          </Box>
        ) : null}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button size="sm" asChild>
          <RouterLink
            to={chatLink(assistant.handle)}
            aria-label={t('Chat with {name}', { name: assistant.name })}
          >
            <LuMessageSquare aria-hidden="true" /> {t('Chat')}
          </RouterLink>
        </Button>
        {onEdit ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onEdit}
            aria-label={t('Edit {title}', { title: assistant.name })}
          >
            <LuPencil aria-hidden="true" /> {t('Edit')}
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            onClick={onDelete}
            aria-label={t('Delete {title}', { title: assistant.name })}
          >
            <LuTrash2 aria-hidden="true" /> {t('Delete')}
          </Button>
        ) : null}
        {onCopy ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onCopy}
            loading={copying}
            aria-label={t('Copy to mine: {name}', { name: assistant.name })}
          >
            <LuCopy aria-hidden="true" /> {t('Copy to mine')}
          </Button>
        ) : null}
        {!assistant.mine ? (
          <ReportButton
            targetType="assistant"
            targetId={assistant.id}
            dialogTitle={t('Report @{handle}', { handle: assistant.handle })}
            ownerUsername={assistant.owner.username}
            aria-label={t('Report {name}', { name: assistant.name })}
          />
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
}
