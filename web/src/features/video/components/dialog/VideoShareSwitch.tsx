import { Box, Switch, Text } from '@chakra-ui/react';
import { t } from '../../../../lib/i18n';
import { shareHint } from './videoDialogRules';

/** "Share to the community gallery", before Generate; off keeps the video in My Videos only. */
export function VideoShareSwitch({
  share,
  onChange,
}: {
  share: boolean;
  onChange: (share: boolean) => void;
}) {
  return (
    <Box borderWidth="1px" rounded="md" px="3" py="3">
      <Switch.Root
        checked={share}
        onCheckedChange={(details) => onChange(details.checked)}
        colorPalette="purple"
      >
        {/* Announced as a switch (on/off), not a checkbox. */}
        <Switch.HiddenInput role="switch" />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label fontWeight="semibold">{t('Share to the community gallery')}</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" color="fg.muted" mt="1" data-testid="video-share-hint">
        {shareHint(share)}
      </Text>
    </Box>
  );
}
