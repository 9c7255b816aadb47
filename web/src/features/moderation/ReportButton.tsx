import { Button, type ButtonProps } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import { useT } from '../../lib/i18n';
import type { ReportTargetType } from './reasons';

// The dialog is its own chunk, fetched on the first click: the public video page stays in its budget.
const ReportDialog = lazy(() => import('./ReportDialog'));

interface ReportButtonProps extends Omit<ButtonProps, 'onClick'> {
  targetType: ReportTargetType;
  targetId: string;
  /**
   * The dialog's title, naming what is reported ("Report this video", "Report @ada"): a whole
   * sentence per kind, as languages word it differently.
   */
  dialogTitle: string;
  /** Whose it is: the dialog then offers to block them too. */
  ownerUsername?: string | null;
  label?: string;
  onBlocked?: () => void;
}

/** "Report" and its dialog (reason, note, then an offer to block the owner). */
export function ReportButton({
  targetType,
  targetId,
  dialogTitle,
  ownerUsername,
  label,
  onBlocked,
  ...button
}: ReportButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" {...button} onClick={() => setOpen(true)}>
        <LuFlag aria-hidden="true" /> {label ?? t('Report')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            dialogTitle={dialogTitle}
            ownerUsername={ownerUsername ?? null}
            onClose={() => setOpen(false)}
            onBlocked={onBlocked}
          />
        </Suspense>
      ) : null}
    </>
  );
}
