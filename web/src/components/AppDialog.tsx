import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { useT } from '../lib/i18n';

interface AppDialogProps {
  /** Defaults to open: most dialogs are mounted only while they show. */
  open?: boolean;
  onClose: () => void;
  /** With a trigger, opening goes through this. */
  onOpen?: () => void;
  trigger?: ReactNode;
  title: ReactNode;
  /** The title's own props, e.g. to set an icon beside the words. */
  titleProps?: Dialog.TitleProps;
  children: ReactNode;
  footer: ReactNode;
  /** Makes the whole dialog a form, so Enter submits. */
  onSubmit?: (event: FormEvent) => void;
  /** "alertdialog" for confirmations that destroy something. */
  role?: 'dialog' | 'alertdialog';
  /** The close icon in the corner; confirmations leave it out (Cancel is the way back). */
  closeButton?: boolean;
  size?: Dialog.RootProps['size'];
  /** "inside" scrolls a long body within the dialog, keeping the title and footer in view. */
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  closeOnInteractOutside?: boolean;
  backdropTestId?: string;
}

/**
 * The one Chakra dialog scaffold of the app: centred, portalled, padded on narrow screens, with a
 * title, a body and a footer. Closing by Escape, the backdrop or the close icon calls onClose.
 */
export function AppDialog({
  open = true,
  onClose,
  onOpen,
  trigger,
  title,
  titleProps,
  children,
  footer,
  onSubmit,
  role,
  closeButton = true,
  size,
  scrollBehavior,
  closeOnInteractOutside,
  backdropTestId,
}: AppDialogProps) {
  const t = useT();
  return (
    <Dialog.Root
      open={open}
      role={role}
      onOpenChange={(details) => (details.open ? onOpen?.() : onClose())}
      placement="center"
      size={size}
      scrollBehavior={scrollBehavior}
      closeOnInteractOutside={closeOnInteractOutside}
    >
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Portal>
        <Dialog.Backdrop data-testid={backdropTestId} />
        <Dialog.Positioner px="4">
          <Dialog.Content {...(onSubmit ? { as: 'form', onSubmit } : {})}>
            <Dialog.Header>
              <Dialog.Title {...titleProps}>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            {closeButton ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('Close')} />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A footer button that closes its dialog without doing anything else. */
export function DialogDismiss({ children, ...props }: ComponentProps<typeof Button>) {
  const t = useT();
  return (
    <Dialog.ActionTrigger asChild>
      <Button variant="outline" type="button" {...props}>
        {children ?? t('Cancel')}
      </Button>
    </Dialog.ActionTrigger>
  );
}

/** "Delete this …?" with Cancel and a red confirm button; the caller does the work in onConfirm. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
}: {
  title: ReactNode;
  children: ReactNode;
  confirmLabel?: string;
  loading: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <AppDialog
      role="alertdialog"
      onClose={onClose}
      title={title}
      closeButton={false}
      footer={
        <>
          <DialogDismiss />
          <Button colorPalette="red" loading={loading} onClick={() => void onConfirm()}>
            {confirmLabel ?? t('Delete')}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}
