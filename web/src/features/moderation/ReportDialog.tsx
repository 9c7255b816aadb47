import { Button, Field, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  dialogSlotRecipe,
  fieldSlotRecipe,
  radioGroupSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { type FormEvent, useId, useState } from 'react';
import { AppDialog } from '../../components/AppDialog';
import { ApiError, apiPost } from '../../lib/api';
import { msg, useT } from '../../lib/i18n';
import { registerRecipes } from '../../theme/registerRecipes';
import { setBlocked } from './blocking';
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from './reasons';

// This chunk loads on a public page too (the video page), which registers none of these.
registerRecipes({
  recipes: { textarea: textareaRecipe },
  slotRecipes: { dialog: dialogSlotRecipe, field: fieldSlotRecipe, radioGroup: radioGroupSlotRecipe },
});

const CHOOSE_A_REASON = msg('Choose a reason');

interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  /** "Report this video", "Report @ada"… (ReportButton.tsx). */
  dialogTitle: string;
  ownerUsername: string | null;
  onClose: () => void;
  /** After "Block" here worked (the page then hides what the block hides). */
  onBlocked?: () => void;
}

/**
 * Reporting something (POST /api/reports): a reason and an optional note; then, sent, the offer to
 * block its owner too (POST /api/users/{username}/block).
 */
export default function ReportDialog({
  targetType,
  targetId,
  dialogTitle,
  ownerUsername,
  onClose,
  onBlocked,
}: ReportDialogProps) {
  const t = useT();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<'new' | 'again' | null>(null);
  const [blocking, setBlocking] = useState(false);
  const reasonId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem(CHOOSE_A_REASON);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await apiPost('/api/reports', { targetType, targetId, reason, note: note.trim() || undefined });
      setSent('new');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setSent('again');
      else if (e instanceof ApiError && e.status < 500) setProblem(e.message);
      else setProblem(t('Could not send the report. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  const block = async () => {
    if (!ownerUsername) return;
    setBlocking(true);
    const done = await setBlocked(ownerUsername, true);
    setBlocking(false);
    if (!done) return;
    onBlocked?.();
    onClose();
  };

  if (sent) {
    return (
      <AppDialog
        title={sent === 'new' ? t('Thanks for telling us') : t('Already reported')}
        onClose={onClose}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {t('Done')}
            </Button>
            {ownerUsername ? (
              <Button colorPalette="red" loading={blocking} onClick={() => void block()}>
                {t('Block @{username}', { username: ownerUsername })}
              </Button>
            ) : null}
          </>
        }
      >
        <Stack gap="3">
          <Text>
            {sent === 'new'
              ? t('A moderator will review it.')
              : t('You reported this before: a moderator will review it.')}
          </Text>
          {ownerUsername ? (
            <Text color="fg.muted">
              {t(
                "Also block @{username}? They won't be able to message you or send you friend requests, and you won't see their videos and messages.",
                { username: ownerUsername },
              )}
            </Text>
          ) : null}
        </Stack>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      title={dialogTitle}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      scrollBehavior="inside"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" colorPalette="red" loading={sending}>
            {t('Send report')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root invalid={problem === CHOOSE_A_REASON} required>
          <Text id={reasonId} fontWeight="medium" fontSize="sm">
            {t('Why are you reporting it?')}
          </Text>
          <RadioGroup.Root
            aria-labelledby={reasonId}
            value={reason}
            onValueChange={(details) => {
              setReason(details.value as ReportReason);
              setProblem(null);
            }}
            size="sm"
          >
            <Stack gap="2" pt="1">
              {REPORT_REASONS.map((r) => (
                <RadioGroup.Item key={r.value} value={r.value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(r.label)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Anything moderators should know? (optional)')}</Field.Label>
          <Textarea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={1000}
            rows={3}
            placeholder={t('What is wrong with it')}
          />
        </Field.Root>
        {problem ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {problem === CHOOSE_A_REASON ? t(problem) : problem}
          </Text>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
