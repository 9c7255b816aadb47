import { Button, HStack, Text } from '@chakra-ui/react';
import { t } from '../../../../lib/i18n';
import { sourceLine, type VideoSourceImage } from './videoDialogRules';

/** The picture (or video frame) the video starts from, removable until Generate. */
export function VideoSourceCard({ image, onRemove }: { image: VideoSourceImage; onRemove?: () => void }) {
  return (
    <HStack gap="3" borderWidth="1px" rounded="md" p="2">
      {image.url ? (
        <img
          src={image.url}
          alt=""
          style={{ maxHeight: '64px', maxWidth: '96px', borderRadius: '6px', objectFit: 'cover' }}
        />
      ) : null}
      <Text fontSize="sm" flex="1" data-testid="video-source">
        {sourceLine(image)}
      </Text>
      {onRemove ? (
        <Button size="xs" variant="ghost" onClick={onRemove}>
          {t('Remove')}
        </Button>
      ) : null}
    </HStack>
  );
}
