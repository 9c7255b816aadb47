import { Badge, Box, Button, Card, HStack, Progress, Separator, Stack, Text } from '@chakra-ui/react';
import type { SessionView } from '@chorus/shared/accountRules';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { LuDownload, LuLogOut, LuShieldCheck, LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { FormButtons, type SmallFormProps } from '../../../components/forms/FormButtons';
import { PasswordField } from '../../../components/forms/PasswordField';
import { TextField } from '../../../components/forms/TextField';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { useFormAction } from '../../../hooks/useFormAction';
import { ApiError, apiFetch, apiGet, apiPost } from '../../../lib/api';
import { msg, useLanguage, useT } from '../../../lib/i18n';
import { useAuth } from '../session/AuthContext';
import { getTwoFactorStatus, type TwoFactorStatus } from '../twoFactor';
import { deviceName } from './deviceName';
import { TwoFactorSection } from './TwoFactorSection';
import { useLongDate } from './useLongDate';

interface ExportStatus {
  id: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  progress: number;
  downloadUrl?: string;
}

/** A row's name and what it does on the left, its button on the right (stacked on a phone). */
function SecurityRowHeader({
  title,
  description,
  descriptionTestId,
  action,
}: {
  title: string;
  description: ReactNode;
  descriptionTestId?: string;
  action: ReactNode;
}) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
      <Stack gap="0">
        <Text fontWeight="medium">{title}</Text>
        <Text color="fg.muted" fontSize="sm" data-testid={descriptionTestId}>
          {description}
        </Text>
      </Stack>
      {action}
    </Stack>
  );
}

/**
 * A row whose button opens its form below it (password change, deletion): the button steps aside
 * while the form is open, and the form's Cancel closes it again.
 */
function SecurityRowForm({
  open,
  onOpenChange,
  opener,
  formLabel,
  onSubmit,
  submit,
  busy,
  colorPalette,
  children,
  ...header
}: SmallFormProps & {
  title: string;
  description: ReactNode;
  descriptionTestId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The closed row's button. */
  opener: ReactNode;
  formLabel: string;
}) {
  return (
    <Stack gap="3">
      <SecurityRowHeader
        {...header}
        action={
          !open ? (
            <Button
              variant="outline"
              colorPalette={colorPalette}
              size="sm"
              onClick={() => onOpenChange(true)}
            >
              {opener}
            </Button>
          ) : null
        }
      />
      {open ? (
        <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
          <Stack gap="3" maxW="sm">
            {children}
            <FormButtons
              submit={submit}
              colorPalette={colorPalette}
              busy={busy}
              onCancel={() => onOpenChange(false)}
            />
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

function ChangePassword({
  changedAt,
  createdAt,
  onChanged,
}: {
  changedAt: string | null;
  createdAt: string;
  onChanged: () => void;
}) {
  const t = useT();
  const longDate = useLongDate();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, error, onSubmit } = useFormAction();

  const submit = onSubmit(
    async () => {
      await apiPost('/api/auth/password', { currentPassword: current, newPassword: next });
      notifySuccess(t('Password changed'), t('Your other sessions have been signed out.'));
      setOpen(false);
      setCurrent('');
      setNext('');
      setConfirm('');
      onChanged();
    },
    () => (next !== confirm ? t("The new passwords don't match") : null),
  );

  return (
    <SecurityRowForm
      title={t('Password')}
      descriptionTestId="password-changed"
      description={
        changedAt
          ? t('Last changed: {date}', { date: longDate(changedAt) })
          : t('Last changed: never (set {date})', { date: longDate(createdAt) })
      }
      open={open}
      onOpenChange={setOpen}
      opener={t('Change Password')}
      formLabel={t('Change password')}
      onSubmit={submit}
      submit={t('Save new password')}
      busy={busy}
    >
      <PasswordField
        label={t('Current password')}
        name="currentPassword"
        value={current}
        onValueChange={setCurrent}
      />
      <PasswordField
        label={t('New password')}
        name="newPassword"
        isNew
        value={next}
        onValueChange={setNext}
      />
      <PasswordField
        label={t('Confirm new password')}
        name="confirmPassword"
        isNew
        value={confirm}
        onValueChange={setConfirm}
        error={error}
      />
    </SecurityRowForm>
  );
}

function Sessions({ reloadKey }: { reloadKey: number }) {
  const t = useT();
  const language = useLanguage();
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(language === 'en' ? undefined : language, {
          dateStyle: 'medium',
          timeStyle: 'short',
        })
      : t('unknown');
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const load = useCallback(() => {
    apiGet<SessionView[]>('/api/auth/sessions')
      .then(setSessions)
      .catch(() => setSessions([]));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh list
  useEffect(load, [load, reloadKey]);

  const end = async (id: string) => {
    try {
      await apiFetch(`/api/auth/sessions/${id}`, { method: 'DELETE' });
      notifySuccess(t('Signed out'), t('That session has been signed out.'));
    } catch (e) {
      notifyError(t('Could not sign out'), (e as Error).message);
    }
    load();
  };
  const endOthers = async () => {
    try {
      await apiPost('/api/auth/sessions/revoke-others');
      notifySuccess(t('Signed out'), t('Every other session has been signed out.'));
    } catch (e) {
      notifyError(t('Could not sign out'), (e as Error).message);
    }
    load();
  };

  return (
    <Stack gap="3">
      <SecurityRowHeader
        title={t('Sessions')}
        description={t('Where your account is signed in.')}
        action={
          <Button variant="outline" size="sm" onClick={endOthers} disabled={!sessions || sessions.length < 2}>
            <LuLogOut aria-hidden="true" /> {t('Sign out other sessions')}
          </Button>
        }
      />
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t('Sessions')}>
        {(sessions ?? []).map((s) => (
          <Box as="li" key={s.id} borderWidth="1px" rounded="md" p="3" data-testid="session">
            <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2">
              <Stack gap="0" minW="0">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="medium">{deviceName(s.userAgent)}</Text>
                  {s.current ? <Badge colorPalette="green">{t('This device')}</Badge> : null}
                </HStack>
                <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
                  {t('{address} · signed in {signedIn} · last active {lastActive}', {
                    address: s.ip || t('unknown address'),
                    signedIn: when(s.createdAt),
                    lastActive: when(s.lastActiveAt),
                  })}
                </Text>
              </Stack>
              {!s.current ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => end(s.id)}
                  aria-label={t('Sign out {device} ({address})', {
                    device: deviceName(s.userAgent),
                    address: s.ip,
                  })}
                >
                  {t('Sign out')}
                </Button>
              ) : null}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

function ExportData() {
  const t = useT();
  const [job, setJob] = useState<ExportStatus | null>(null);
  useEffect(() => {
    if (!job || job.status === 'ready' || job.status === 'failed') return;
    const timer = setTimeout(() => {
      apiGet<ExportStatus>(`/api/account/export/${job.id}`)
        .then((s) => setJob({ ...s, id: job.id }))
        .catch(() => {});
    }, 1000);
    return () => clearTimeout(timer);
  }, [job]);
  const start = async () => {
    try {
      setJob(await apiPost<ExportStatus>('/api/account/export'));
    } catch (e) {
      notifyError(t('Export failed'), (e as Error).message);
    }
  };
  return (
    <Stack gap="2">
      <SecurityRowHeader
        title={t('Export my data')}
        description={t(
          'A zip of your profile, chats, memories, posts and videos, files, messages and invitations. We e-mail you when it is ready.',
        )}
        action={
          job?.status === 'ready' && job.downloadUrl ? (
            <Button asChild size="sm">
              <a href={job.downloadUrl} download>
                <LuDownload aria-hidden="true" /> {t('Download export')}
              </a>
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={start}
              loading={job?.status === 'queued' || job?.status === 'running'}
            >
              {t('Export my data')}
            </Button>
          )
        }
      />
      {job && job.status !== 'ready' ? (
        job.status === 'failed' ? (
          <Text color="fg.error" fontSize="sm">
            {t('The export failed. Please try again.')}
          </Text>
        ) : (
          <Progress.Root value={job.progress} max={100} size="sm" aria-label={t('Export progress')}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )
      ) : null}
    </Stack>
  );
}

/**
 * Deletion asks for the password, and with two-factor on for a code as well (api:
 * accounts/core/deleteAccount.ts takes an authenticator code or a recovery code). Each field shows
 * its own error.
 */
function DeleteAccount() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [twoFactor, setTwoFactor] = useState<TwoFactorStatus | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const { busy, error, setError, onSubmit } = useFormAction();
  const navigate = useNavigate();
  const { forgetSession } = useAuth();

  // Whether a code is needed is read when the form opens (2FA may have changed since the page loaded).
  useEffect(() => {
    if (!open) return;
    let live = true;
    getTwoFactorStatus()
      .then((status) => live && setTwoFactor(status))
      .catch(() => live && setTwoFactor(null));
    return () => {
      live = false;
    };
  }, [open]);
  const needsCode = Boolean(twoFactor?.enabled);

  const submit = onSubmit(
    async () => {
      setCodeError(null);
      try {
        await apiFetch('/api/account', {
          method: 'DELETE',
          body: needsCode ? { password, code: code.trim() } : { password },
        });
      } catch (e) {
        // The code's refusal belongs under the code field, everything else under the password.
        if (e instanceof ApiError && e.status === 401 && /code/i.test(e.message)) {
          setCodeError(e.message);
          return;
        }
        throw e;
      }
      await forgetSession();
      navigate('/', { replace: true });
      notifySuccess(t('Account deleted'), t('Your account and everything in it have been deleted.'));
    },
    () => (password ? null : t('Please enter your password to delete your account')),
  );

  return (
    <SecurityRowForm
      title={t('Delete my account')}
      description={t('Deletes your account, chats, videos, posts and files for good, and cancels your plan.')}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setCode('');
          setCodeError(null);
          setError(null);
        }
      }}
      opener={
        <>
          <LuTrash2 aria-hidden="true" /> {t('Delete account')}
        </>
      }
      formLabel={t('Delete account')}
      onSubmit={(event) => {
        if (needsCode && !code.trim() && password) {
          event.preventDefault();
          setError(null);
          setCodeError(t(CODE_MISSING));
          return;
        }
        submit(event);
      }}
      submit={t('Delete my account for good')}
      busy={busy}
      colorPalette="red"
    >
      <PasswordField
        label={t('Your password')}
        name="deletePassword"
        value={password}
        onValueChange={setPassword}
        error={error}
      />
      {needsCode ? (
        <TextField
          label={twoFactor?.totp ? t('Authenticator or recovery code') : t('Recovery code')}
          name="deleteCode"
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setCodeError(null);
          }}
          error={codeError}
          helperText={
            twoFactor?.totp
              ? t(
                  'Two-factor authentication is on: enter the 6-digit code from your authenticator app, or one of your recovery codes.',
                )
              : t('Two-factor authentication is on: enter one of your recovery codes.')
          }
        />
      ) : null}
    </SecurityRowForm>
  );
}

const CODE_MISSING = msg('Please enter the code from your authenticator app or a recovery code');

/** The profile's Account Security card: password, two-factor, sessions, export and deletion. */
export function AccountSecurityCard({
  passwordChangedAt,
  createdAt,
  onChanged,
}: {
  passwordChangedAt: string | null;
  createdAt: string;
  onChanged: () => void;
}) {
  const t = useT();
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <Card.Root variant="outline" data-testid="account-security-card">
      <Card.Header>
        <HStack gap="2">
          <LuShieldCheck aria-hidden="true" />
          <Card.Title as="h2">{t('Account Security')}</Card.Title>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="5" separator={<Separator />}>
          <ChangePassword
            changedAt={passwordChangedAt}
            createdAt={createdAt}
            onChanged={() => {
              onChanged();
              setReloadKey((k) => k + 1);
            }}
          />
          <TwoFactorSection />
          <Sessions reloadKey={reloadKey} />
          <ExportData />
          <DeleteAccount />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
