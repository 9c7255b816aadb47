import { HStack, Text } from '@chakra-ui/react';
import { SelectField } from '../../../components/forms/SelectField';
import type { VideoModelsQuery } from '../../../graphql/__generated__/graphql';
import { currentLanguage, t } from '../../../lib/i18n';
import { listOf } from '../capabilities';

export type VideoModel = VideoModelsQuery['videoModels'][number];

/** "5 s or 10 s". */
export function lengthsOf(durations: readonly string[]): string {
  const items = durations.map((d) => t('{seconds} s', { seconds: d }));
  return listOf(items, 'or', currentLanguage());
}

/**
 * The dialog's model choice when more than one video model is configured, and what the chosen one
 * makes (lengths, sizes, sound, pictures) so the person sees only what it can do.
 */
/** "1280×720 (16:9)". */
function sizeLabel(size: string): string {
  const [w = 0, h = 0] = size.split('x').map(Number);
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const d = gcd(w, h) || 1;
  return `${w}×${h} (${w / d}:${h / d})`;
}

export function VideoModelPicker({
  models,
  value,
  onChange,
  size,
  onSizeChange,
  disabled,
}: {
  models: readonly VideoModel[];
  value: string;
  onChange: (id: string) => void;
  /** The size chosen, one of the model's. */
  size: string;
  onSizeChange: (size: string) => void;
  disabled?: boolean;
}) {
  const chosen = models.find((m) => m.id === value) ?? models[0];
  return (
    <>
      {models.length > 1 ? (
        <SelectField
          size="sm"
          disabled={disabled}
          aria-label={t('Video model')}
          value={chosen?.id ?? ''}
          options={models.map((m) => ({ value: m.id, label: m.label }))}
          onValueChange={onChange}
        />
      ) : null}
      {chosen && chosen.sizes.length > 1 ? (
        <SelectField
          size="sm"
          disabled={disabled}
          aria-label={t('Video size')}
          value={size}
          options={chosen.sizes.map((s) => ({ value: s, label: sizeLabel(s) }))}
          onValueChange={onSizeChange}
        />
      ) : null}
      {chosen ? (
        <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="video-lengths">
          <Text>{lengthsOf(chosen.durations)}</Text>
          <Text>{listOf(chosen.aspectRatios, 'or', currentLanguage())}</Text>
          <Text>{t('up to {height}p', { height: chosen.maxHeight })}</Text>
          {chosen.audio ? <Text>{t('with sound')}</Text> : null}
          {chosen.imageInput ? <Text>{t('can start from a picture')}</Text> : null}
        </HStack>
      ) : null}
    </>
  );
}
