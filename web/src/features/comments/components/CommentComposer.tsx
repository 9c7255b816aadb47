import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { COMMENT_MAX, commentLength } from '@chorus/shared/commentRules';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { t, useLanguage, useT } from '../../../lib/i18n';

interface ComposerProps {
  /** Sends the trimmed text; a rejection's message is shown and the text is kept. */
  onSubmit: (body: string) => Promise<void>;
  label: string;
  submitLabel: string;
  placeholder?: string;
  initial?: string;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** What a failed post says: the server's message when it gave one (400, 429, 404), else a plain try again. */
function failureText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status === 401) return t('Your session ended. Sign in again to comment.');
    if (e.status < 500 && e.message) return e.message;
  }
  return t('Could not post your comment. Check your connection and try again.');
}

/**
 * The comment box (a new comment, a reply, an edit): a count near the limit (@chorus/shared/
 * commentRules), Ctrl+Enter or Cmd+Enter posts, disabled while posting; a failure is shown and the
 * text stays.
 */
export function CommentComposer({
  onSubmit,
  label,
  submitLabel,
  placeholder,
  initial = '',
  onCancel,
  autoFocus,
}: ComposerProps) {
  const t = useT();
  const language = useLanguage();
  const numberLocale = language === 'en' ? 'en-US' : language;
  const [text, setText] = useState(initial);
  const [posting, setPosting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const counterId = useId();
  const length = commentLength(text);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (posting) return;
    if (length.length === 0) return setProblem(t('Write something before posting your comment'));
    if (length.over)
      return setProblem(t('Keep your comment to {max, plural, other {# characters}}', { max: COMMENT_MAX }));
    setPosting(true);
    setProblem(null);
    try {
      await onSubmit(text.trim());
      setText('');
    } catch (e) {
      setProblem(failureText(e));
    } finally {
      setPosting(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <Stack as="form" gap="2" onSubmit={(e) => void submit(e)}>
      <Field.Root invalid={!!problem || length.over}>
        <Field.Label srOnly>{label}</Field.Label>
        <Textarea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={placeholder ?? label}
          rows={3}
          autoresize
          maxH="60"
          disabled={posting}
          autoFocus={autoFocus}
          dir="auto"
          aria-describedby={length.showCounter ? counterId : undefined}
        />
        {problem ? <Field.ErrorText role="alert">{problem}</Field.ErrorText> : null}
      </Field.Root>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {t('Ctrl+Enter to post')}
        </Text>
        <HStack gap="2" ms="auto">
          {length.showCounter ? (
            <Text
              id={counterId}
              fontSize="xs"
              color={length.over ? 'fg.error' : 'fg.muted'}
              aria-live="polite"
            >
              {length.length.toLocaleString(numberLocale)} / {COMMENT_MAX.toLocaleString(numberLocale)}
            </Text>
          ) : null}
          {onCancel ? (
            <Button size="sm" variant="ghost" onClick={onCancel} disabled={posting}>
              {t('Cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="sm" loading={posting} disabled={length.length === 0 || length.over}>
            {submitLabel}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
