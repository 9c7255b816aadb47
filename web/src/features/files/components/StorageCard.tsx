import { Button, Card, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { LuHardDrive } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { StorageUsageQuery } from '../../../graphql/__generated__/graphql';
import { msg, useT } from '../../../lib/i18n';
import { formatBytes, storageQuotaBytes } from './fileFormat';

type Usage = StorageUsageQuery['storageUsage'];

/** Spec §2 My Files storage card: used / quota for the plan, and what takes the space. */
export function StorageCard({ usage }: { usage: Usage }) {
  const t = useT();
  const percent = usage.quotaBytes > 0 ? Math.min(100, (usage.usedBytes / usage.quotaBytes) * 100) : 100;
  const palette = percent >= 90 ? 'red' : percent >= 75 ? 'orange' : 'blue';
  const parts = [
    [msg('Your files: {size}'), usage.uploadsBytes],
    [msg('Chat images: {size}'), usage.imagesBytes],
    [msg('Videos: {size}'), usage.videosBytes],
  ] as const;
  const free = usage.plan === 'free';
  return (
    <Card.Root variant="outline" data-testid="storage-card">
      <Card.Header>
        <HStack gap="2">
          <LuHardDrive aria-hidden="true" />
          <Card.Title as="h2">{t('Storage')}</Card.Title>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {/* The track is the progressbar: its name comes from `translations`, its value text is ours. */}
          <Progress.Root
            value={percent}
            colorPalette={palette}
            translations={{ value: () => t('Storage used') }}
          >
            <HStack justify="space-between" mb="1" wrap="wrap" gap="2">
              <Text fontWeight="medium" data-testid="storage-used">
                {t('{used} of {quota} used', {
                  used: formatBytes(usage.usedBytes),
                  quota: formatBytes(usage.quotaBytes),
                })}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {free ? t('Free plan') : t('Premium')}
              </Text>
            </HStack>
            <Progress.Track
              aria-valuetext={t('{used} of {quota} used', {
                used: formatBytes(usage.usedBytes),
                quota: formatBytes(usage.quotaBytes),
              })}
            >
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
            {parts.map(([label, bytes]) => (
              <Text key={label}>{t(label, { size: formatBytes(bytes) })}</Text>
            ))}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t('Chat images and saved videos count toward your storage. Files can be up to {size} each.', {
              size: formatBytes(Math.min(usage.maxUploadBytes, usage.quotaBytes)),
            })}
          </Text>
          {free ? (
            // Wraps in a narrow card rather than cutting a longer language's words (pt-BR, German).
            <Button
              asChild
              size="sm"
              variant="outline"
              alignSelf="flex-start"
              maxW="full"
              h="auto"
              minH="8"
              py="1.5"
              whiteSpace="normal"
              textAlign="start"
            >
              <RouterLink to="/plans">
                {t('Upgrade to Premium for {size}', { size: formatBytes(storageQuotaBytes.monthly) })}
              </RouterLink>
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
