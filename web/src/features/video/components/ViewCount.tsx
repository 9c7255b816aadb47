import { HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuEye } from 'react-icons/lu';
import { LocalCount } from '../../../components/LocalFormat';

/*
 * Apart from VideoStats (likes) because the community cards, on a page near its JavaScript budget,
 * show views only.
 */

/** A fact beside its icon; the icon is decoration, so the words must say it all for screen readers. */
export function IconLabel({ icon: LabelIcon, children }: { icon: IconType; children: ReactNode }) {
  return (
    <HStack gap="1">
      <LabelIcon aria-hidden="true" />
      <Text>{children}</Text>
    </HStack>
  );
}

export function ViewCount({ views }: { views: number }) {
  return (
    <IconLabel icon={LuEye}>
      <LocalCount value={views} /> {views === 1 ? 'view' : 'views'}
    </IconLabel>
  );
}
