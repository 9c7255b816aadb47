import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  HStack,
  IconButton,
  Input,
  Link,
  Popover,
  Portal,
  Separator,
  Spinner,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LuColumns3, LuTrash2, LuTrophy } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { AssistantDot } from '../../chat/components/AssistantDot';
import type { Assistant } from '../../chat/components/assistants';
import { PromptAllowanceQuery } from '../../chat/graphql';
import {
  compareSummary,
  MIN_COMPARED,
  maxCompared,
  PAID_MAX_COMPARED,
  parseCompare,
  suggestTeam,
} from '../compareRules';
import {
  CompareTeamsQuery,
  DeleteCompareTeamMutation,
  LeaderboardQuery,
  SaveCompareTeamMutation,
} from '../graphql';

/** A compare set up in the composer: who is asked (2 or more), and whether names are hidden. */
export interface CompareSetup {
  assistants: string[];
  blind: boolean;
}

export const NO_COMPARE: CompareSetup = { assistants: [], blind: false };

/** The plan's most assistants per compare (the server checks it too). */
export function useCompareMax(): number {
  const { data } = useQuery(PromptAllowanceQuery);
  return maxCompared(data?.allowance?.plan);
}

/**
 * "Comparing Claude, Gemini, Grok · uses 3 prompts" for the compare the message box's `text` names
 * (`@claude @gemini why…`, which wins, as sending does), or the one the control set up; null for none.
 */
export function compareStatus(
  setup: CompareSetup,
  assistants: readonly Assistant[],
  text = '',
): string | null {
  const typed = parseCompare(text.trim(), assistants);
  if (typed)
    return compareSummary(
      typed.assistants.map((a) => a.name),
      setup.blind,
    );
  if (setup.assistants.length < MIN_COMPARED) return null;
  const names = setup.assistants.map((id) => assistants.find((a) => a.id === id)?.name ?? id);
  return compareSummary(names, setup.blind);
}

/**
 * "Compare" beside the assistant picker: picks 2 to the plan's maximum of chat assistants, the
 * Blind switch, saved teams and a team suggested from the user's leaderboard, and links to it.
 */
export function CompareControl({
  assistants,
  setup,
  onChange,
}: {
  assistants: readonly Assistant[];
  setup: CompareSetup;
  onChange: (setup: CompareSetup) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const max = useCompareMax();
  const chatAssistants = assistants.filter((a) => a.kind === 'chat');
  const picked = setup.assistants;
  const active = picked.length >= MIN_COMPARED;
  const toggle = (id: string, on: boolean) =>
    onChange({ ...setup, assistants: on ? [...picked, id] : picked.filter((p) => p !== id) });

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'top-start' }}
    >
      <Popover.Trigger asChild>
        <Button
          size="2xs"
          variant={active ? 'subtle' : 'outline'}
          colorPalette={active ? 'purple' : 'gray'}
          rounded="full"
          aria-pressed={active}
          flexShrink={0}
        >
          <LuColumns3 aria-hidden="true" />
          {t('Compare')}
          {active ? (
            <Badge size="xs" variant="solid" colorPalette="purple">
              {picked.length}
            </Badge>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="sm" maxW="calc(100vw - 1.5rem)">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3">
                <Popover.Title fontWeight="semibold">{t('Compare assistants')}</Popover.Title>
                <Text fontSize="sm" color="fg.muted">
                  {t('One prompt, answered side by side.')}{' '}
                  {max > MIN_COMPARED
                    ? t('Pick {min} to {max}.', { min: MIN_COMPARED, max })
                    : t('Pick {max} (Free plan; up to {paidMax} on paid plans).', {
                        max,
                        paidMax: PAID_MAX_COMPARED,
                      })}{' '}
                  {t('Each answer uses a prompt.')}
                </Text>
                <Stack gap="1.5" role="group" aria-label={t('Assistants to compare')}>
                  {chatAssistants.map((assistant) => {
                    const checked = picked.includes(assistant.id);
                    return (
                      <Checkbox.Root
                        key={assistant.id}
                        size="sm"
                        colorPalette="purple"
                        checked={checked}
                        disabled={!checked && picked.length >= max}
                        onCheckedChange={(details) => toggle(assistant.id, details.checked === true)}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          <HStack gap="1.5">
                            <AssistantDot color={assistant.color} boxSize="2" />
                            {assistant.name}
                            {assistant.offline ? (
                              <Text as="span" color="fg.muted" fontSize="xs">
                                {t('(offline)')}
                              </Text>
                            ) : null}
                          </HStack>
                        </Checkbox.Label>
                      </Checkbox.Root>
                    );
                  })}
                </Stack>
                <Switch.Root
                  size="sm"
                  colorPalette="purple"
                  checked={setup.blind}
                  onCheckedChange={(details) => onChange({ ...setup, blind: details.checked })}
                >
                  <Switch.HiddenInput role="switch" />
                  <Switch.Control>
                    <Switch.Thumb />
                  </Switch.Control>
                  <Switch.Label>{t('Blind: names hidden until you vote')}</Switch.Label>
                </Switch.Root>
                <Separator />
                <Teams
                  assistants={chatAssistants}
                  picked={picked}
                  max={max}
                  onPick={(team) => onChange({ ...setup, assistants: team })}
                />
                <Separator />
                <HStack justify="space-between" gap="2" wrap="wrap">
                  <Link asChild fontSize="sm" colorPalette="purple" color="colorPalette.fg">
                    <RouterLink to="/leaderboard">
                      <LuTrophy aria-hidden="true" /> {t('Your leaderboard')}
                    </RouterLink>
                  </Link>
                  <HStack gap="2">
                    {picked.length > 0 ? (
                      <Button size="xs" variant="ghost" onClick={() => onChange(NO_COMPARE)}>
                        {t('Stop comparing')}
                      </Button>
                    ) : null}
                    <Button size="xs" colorPalette="purple" onClick={() => setOpen(false)}>
                      {t('Done')}
                    </Button>
                  </HStack>
                </HStack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** Saved teams (use, delete, save the current pick under a name) and the leaderboard's suggestion. */
function Teams({
  assistants,
  picked,
  max,
  onPick,
}: {
  assistants: readonly Assistant[];
  picked: readonly string[];
  max: number;
  onPick: (team: string[]) => void;
}) {
  const t = useT();
  const nameId = useId();
  const [name, setName] = useState('');
  const teams = useQuery(CompareTeamsQuery);
  const board = useQuery(LeaderboardQuery, { variables: { mode: null } });
  const [saveTeam, saving] = useMutation(SaveCompareTeamMutation, { refetchQueries: [CompareTeamsQuery] });
  const [deleteTeam] = useMutation(DeleteCompareTeamMutation, { refetchQueries: [CompareTeamsQuery] });
  const available = assistants.map((a) => a.id);
  const nameOf = (id: string) => assistants.find((a) => a.id === id)?.name ?? id;
  const suggested = suggestTeam(board.data?.myLeaderboard ?? [], available, max);
  const usable = (team: readonly string[]) => team.filter((id) => available.includes(id)).slice(0, max);

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed || picked.length < MIN_COMPARED) return;
    try {
      await saveTeam({ variables: { name: trimmed, assistants: [...picked] } });
      setName('');
    } catch (error) {
      notifyFailure(t('Could not save the team'), error);
    }
  };

  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="semibold">
        {t('Teams')}
      </Text>
      {suggested ? (
        <HStack justify="space-between" gap="2" fontSize="sm">
          <Text minW="0">
            <Text as="span" color="fg.muted">
              {t('Your top:')}{' '}
            </Text>
            {suggested.map(nameOf).join(', ')}
          </Text>
          <Button size="2xs" variant="outline" onClick={() => onPick(suggested)}>
            {t('Use')}
          </Button>
        </HStack>
      ) : null}
      {teams.loading ? (
        <HStack fontSize="sm" color="fg.muted" role="status">
          <Spinner size="xs" /> {t('Loading teams…')}
        </HStack>
      ) : teams.error ? (
        <Text fontSize="sm" color="fg.muted">
          {t('Could not load your teams.')}
        </Text>
      ) : (teams.data?.compareTeams.length ?? 0) === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('No saved teams yet.')}
        </Text>
      ) : (
        <Stack gap="1" as="ul" listStyleType="none" aria-label={t('Saved teams')}>
          {teams.data?.compareTeams.map((team) => (
            <HStack as="li" key={team.id} justify="space-between" gap="2" fontSize="sm">
              <Box minW="0">
                <Text fontWeight="medium" truncate>
                  {team.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {team.assistants.map(nameOf).join(', ')}
                </Text>
              </Box>
              <HStack gap="1" flexShrink={0}>
                <Button
                  size="2xs"
                  variant="outline"
                  disabled={usable(team.assistants).length < MIN_COMPARED}
                  onClick={() => onPick(usable(team.assistants))}
                >
                  {t('Use')}
                </Button>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={t('Delete team {name}', { name: team.name })}
                  onClick={() =>
                    void deleteTeam({ variables: { id: team.id } }).catch((error: unknown) =>
                      notifyFailure(t('Could not delete the team'), error),
                    )
                  }
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}
      <HStack
        as="form"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Input
          id={nameId}
          size="xs"
          maxLength={40}
          placeholder={t('Team name, e.g. Writers')}
          aria-label={t('Team name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          size="xs"
          type="submit"
          variant="outline"
          flexShrink={0}
          loading={saving.loading}
          disabled={!name.trim() || picked.length < MIN_COMPARED}
        >
          {t('Save team')}
        </Button>
      </HStack>
    </Stack>
  );
}
