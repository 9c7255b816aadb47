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
import { registerRecipes } from '../../theme/registerRecipes';
import { setBlocked } from './blocking';
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from './reasons';

// This chunk loads on a public page too (the video page), which registers none of these.
registerRecipes({
  recipes: { textarea: textareaRecipe },
  slotRecipes: { dialog: dialogSlotRecipe, field: fieldSlotRecipe, radioGroup: radioGroupSlotRecipe },
});

interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  what: string;
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
  what,
  ownerUsername,
  onClose,
  onBlocked,
}: ReportDialogProps) {
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
      setProblem('Choose a reason');
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
      else setProblem('Could not send the report. Please try again.');
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
        title={sent === 'new' ? 'Thanks for telling us' : 'Already reported'}
        onClose={onClose}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Done
            </Button>
            {ownerUsername ? (
              <Button colorPalette="red" loading={blocking} onClick={() => void block()}>
                Block @{ownerUsername}
              </Button>
            ) : null}
          </>
        }
      >
        <Stack gap="3">
          <Text>
            {sent === 'new'
              ? 'A moderator will review it.'
              : 'You reported this before: a moderator will review it.'}
          </Text>
          {ownerUsername ? (
            <Text color="fg.muted">
              Also block @{ownerUsername}? They won't be able to message you or send you friend requests, and
              you won't see their videos and messages.
            </Text>
          ) : null}
        </Stack>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      title={`Report ${what}`}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      scrollBehavior="inside"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="red" loading={sending}>
            Send report
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root invalid={problem === 'Choose a reason'} required>
          <Text id={reasonId} fontWeight="medium" fontSize="sm">
            Why are you reporting it?
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
                  <RadioGroup.ItemText>{r.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Anything moderators should know? (optional)</Field.Label>
          <Textarea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={1000}
            rows={3}
            placeholder="What is wrong with it"
          />
        </Field.Root>
        {problem ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
