import { Badge, Box, Button, HStack, Text, Textarea } from '@chakra-ui/react';
import { LuFilm, LuImage, LuSparkles } from 'react-icons/lu';
import { t } from '../../../../lib/i18n';
import { enhancedLine } from './videoDialogRules';

/** Before Generate: the prompt's tools (Enhance, and starting from a frame or a picture). */
export interface PromptTools {
  enhancing: boolean;
  enhancedBy: string | null;
  /** There is a prompt to rewrite (without its length phrases). */
  canEnhance: boolean;
  onEnhance: () => void;
  /** The model can start from a picture and none is chosen yet. */
  canStartFromPicture: boolean;
  pickingFrame: boolean;
  onPickFrame: () => void;
  onPicture: (file: File | undefined) => void;
}

/**
 * "Your prompt", with the length and size badges: an editable box before Generate (a new prompt is a
 * new box), the prompt as sent afterwards.
 */
export function VideoPromptField({
  promptKey,
  value,
  onChange,
  seconds,
  size,
  tools,
}: {
  /** The message the dialog opened on: a new one starts a new box. */
  promptKey: string;
  value: string;
  onChange: (text: string) => void;
  seconds: number;
  size: string;
  /** Absent once generation has started: the prompt is then read-only. */
  tools: PromptTools | null;
}) {
  return (
    <Box>
      <HStack justify="space-between" mb="1" gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="semibold">
          {t('Your prompt')}
        </Text>
        <HStack gap="2">
          <Badge colorPalette="purple" variant="subtle">
            {t('{seconds} seconds', { seconds })}
          </Badge>
          <Badge variant="outline">{size}</Badge>
        </HStack>
      </HStack>
      {tools ? (
        <Textarea
          // A new prompt is a new box: its first text is the prompt as it will be rendered.
          key={promptKey}
          aria-label={t('Video prompt')}
          data-testid="video-prompt"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          readOnly={tools.enhancing}
          autoresize
          rows={2}
          maxLength={2000}
        />
      ) : (
        <Box
          bg="bg.muted"
          rounded="md"
          px="3"
          py="2"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
          data-testid="video-prompt"
        >
          {value || (
            <Text as="span" color="fg.muted">
              {t('(no prompt)')}
            </Text>
          )}
        </Box>
      )}
      {tools ? <PromptToolRow tools={tools} /> : null}
    </Box>
  );
}

function PromptToolRow({ tools }: { tools: PromptTools }) {
  return (
    <HStack mt="2" gap="2" wrap="wrap">
      <Button
        size="xs"
        variant="outline"
        onClick={tools.onEnhance}
        loading={tools.enhancing}
        disabled={!tools.canEnhance}
      >
        <LuSparkles aria-hidden="true" /> {t('Enhance')}
      </Button>
      {tools.canStartFromPicture && !tools.pickingFrame ? (
        <Button size="xs" variant="outline" onClick={tools.onPickFrame}>
          <LuFilm aria-hidden="true" /> {t('Start from a frame of a video')}
        </Button>
      ) : null}
      {tools.canStartFromPicture ? (
        <Button size="xs" variant="outline" asChild>
          <label>
            <LuImage aria-hidden="true" /> {t('Start from a picture')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              hidden
              onChange={(event) => tools.onPicture(event.target.files?.[0])}
            />
          </label>
        </Button>
      ) : null}
      {tools.enhancedBy ? (
        <Text fontSize="xs" color="fg.muted" role="status">
          {enhancedLine(tools.enhancedBy)}
        </Text>
      ) : null}
    </HStack>
  );
}
