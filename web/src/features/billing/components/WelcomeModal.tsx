import { Button, Dialog, List, Text } from '@chakra-ui/react';
import type { PlanInfo } from '@chorus/shared/plans';
import { AppDialog } from '../../../components/AppDialog';
import { useT } from '../../../lib/i18n';

/** Shown after a successful upgrade; closes on its button, the close icon or a backdrop click. */
export function WelcomeModal({
  plan,
  open,
  onClose,
}: {
  plan: PlanInfo | null;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <AppDialog
      open={open && plan !== null}
      onClose={onClose}
      closeOnInteractOutside
      backdropTestId="welcome-backdrop"
      title={t('Welcome to {plan}!', { plan: plan?.name ?? '' })}
      footer={
        <Dialog.ActionTrigger asChild>
          <Button>{t('Start exploring')}</Button>
        </Dialog.ActionTrigger>
      }
    >
      <Text mb="3">{t('Your subscription is active. Here is what you can do now:')}</Text>
      <List.Root ps="5" gap="1">
        {plan?.features.slice(0, 5).map((feature) => (
          <List.Item key={feature}>{t(feature)}</List.Item>
        ))}
      </List.Root>
    </AppDialog>
  );
}
