import { Badge, Box, Button, Code, chakra, HStack, List, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { LuCopy, LuDownload, LuKeyRound, LuTrash2 } from 'react-icons/lu';
import { FormButtons, type SmallFormProps } from '../../../components/forms/FormButtons';
import { PasswordField } from '../../../components/forms/PasswordField';
import { TextField } from '../../../components/forms/TextField';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { useFormAction } from '../../../hooks/useFormAction';
import { ApiError } from '../../../lib/api';
import { t, useT } from '../../../lib/i18n';
import {
  addPasskey,
  disableTwoFactor,
  enableTotp,
  getTwoFactorStatus,
  removePasskey,
  startTotpSetup,
  type TotpSetup,
  type TwoFactorStatus,
} from '../twoFactor';

const messageOf = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);
const tryAgain = (e: unknown) => messageOf(e, t('Please try again.'));

/** One field and its button on a line (wrapping below it when the card is narrow). */
function OneFieldForm({ onSubmit, submit, busy, colorPalette, children }: SmallFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <HStack gap="2" align="flex-end" wrap="wrap">
        <Box flex="1" minW="10rem">
          {children}
        </Box>
        <Button type="submit" size="sm" colorPalette={colorPalette} variant="outline" loading={busy}>
          {submit}
        </Button>
      </HStack>
    </form>
  );
}

/**
 * The Account Security card's "Two-factor authentication": an authenticator app (QR code and the
 * secret to type in), the recovery codes shown once, passkeys, and turning it all off (password).
 */
export function TwoFactorSection() {
  const t = useT();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const reload = useCallback(() => {
    getTwoFactorStatus()
      .then(setStatus)
      .catch(() => notifyError(t('Error'), t('Could not load your two-factor settings')));
  }, [t]);
  useEffect(reload, [reload]);

  if (!status) return null;
  return (
    <Stack gap="4" data-testid="two-factor">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Stack gap="0">
          <Text fontWeight="medium">{t('Two-factor authentication')}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t('A code from your phone, or a passkey, after your password.')}
          </Text>
        </Stack>
        <Badge colorPalette={status.enabled ? 'green' : 'gray'}>{status.enabled ? t('On') : t('Off')}</Badge>
      </HStack>

      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : setup ? (
        <TotpEnrolment
          setup={setup}
          onEnabled={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
            reload();
          }}
          onCancel={() => setSetup(null)}
        />
      ) : status.totp ? (
        <Text fontSize="sm">
          {t('Authenticator app: on.')} {t('Recovery codes left:')}{' '}
          <strong>{status.recoveryCodesLeft}</strong>
        </Text>
      ) : (
        <Button
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          onClick={() =>
            startTotpSetup()
              .then(setSetup)
              .catch((e) => notifyError(t('Set-up failed'), messageOf(e, t('Please try again.'))))
          }
        >
          {t('Set up an authenticator app')}
        </Button>
      )}

      <Passkeys status={status} onChange={reload} />
      {status.enabled ? <TurnOff onDone={reload} /> : null}
    </Stack>
  );
}

function TotpEnrolment({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const { busy, error, onSubmit } = useFormAction(tryAgain);
  const submit = onSubmit(async () => {
    onEnabled((await enableTotp(code.trim())).recoveryCodes);
    notifySuccess(t('Two-factor authentication is on'));
  });
  return (
    <Stack gap="3">
      <Text fontSize="sm">
        {t(
          'Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code it shows.',
        )}
      </Text>
      <chakra.img
        src={setup.qrCode}
        alt={t('QR code for your authenticator app')}
        width="176px"
        height="176px"
        bg="white"
        p="2"
        borderRadius="md"
      />
      <Text fontSize="sm">
        {t("Can't scan it? Enter this key:")}{' '}
        <Code data-testid="totp-secret" wordBreak="break-all">
          {setup.secret}
        </Code>
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="3" maxW="sm">
          <TextField
            label={t('Code from the app')}
            name="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={error}
            onValueChange={setCode}
          />
          <FormButtons submit={t('Turn on')} busy={busy} onCancel={onCancel} />
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const text = `${t('Chorus recovery codes (each works once)')}\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notifySuccess(t('Copied')))
      .catch(() => notifyError(t('Copy failed'), t('Select the codes and copy them instead.')));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'chorus-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
      <Text fontWeight="medium">{t('Save your recovery codes')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('If you lose your phone, each of these codes signs you in once. They are shown only now.')}
      </Text>
      <List.Root
        data-testid="recovery-codes"
        listStyle="none"
        display="grid"
        gridTemplateColumns={{ base: '1fr 1fr', sm: 'repeat(5, auto)' }}
        gap="2"
        fontFamily="mono"
      >
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List.Root>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={copy}>
          <LuCopy aria-hidden="true" /> {t('Copy')}
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          <LuDownload aria-hidden="true" /> {t('Download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('I have saved them')}
        </Button>
      </HStack>
    </Stack>
  );
}

function Passkeys({ status, onChange }: { status: TwoFactorStatus; onChange: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await addPasskey(name.trim());
      setName('');
      notifySuccess(t('Passkey added'));
      onChange();
    } catch (e) {
      notifyError(t('Passkey not added'), messageOf(e, t('The browser did not create a passkey.')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm">
        {t('Passkeys')}
      </Text>
      {status.passkeys.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t("No passkeys yet. A passkey signs you in with this device's fingerprint, face or PIN.")}
        </Text>
      ) : (
        <Stack gap="1" as="ul" listStyle="none" data-testid="passkeys">
          {status.passkeys.map((p) => (
            <HStack as="li" key={p.id} justify="space-between" gap="2">
              <HStack gap="2" minW="0">
                <LuKeyRound aria-hidden="true" />
                <Text truncate>{p.name}</Text>
              </HStack>
              <Button
                size="xs"
                variant="ghost"
                aria-label={t('Remove passkey {name}', { name: p.name })}
                onClick={() =>
                  removePasskey(p.id)
                    .then(onChange)
                    .catch((e) => notifyError(t('Not removed'), messageOf(e, t('Please try again.'))))
                }
              >
                <LuTrash2 aria-hidden="true" />
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      <OneFieldForm onSubmit={add} submit={t('Add a passkey')} busy={busy}>
        <TextField
          label={t('Passkey name')}
          name="passkey-name"
          placeholder={t('e.g. My laptop')}
          value={name}
          maxLength={100}
          onValueChange={setName}
        />
      </OneFieldForm>
    </Stack>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const { busy, error, onSubmit } = useFormAction(tryAgain);
  const submit = onSubmit(async () => {
    await disableTwoFactor(password);
    setPassword('');
    notifySuccess(t('Two-factor authentication is off'));
    onDone();
  });
  return (
    <OneFieldForm onSubmit={submit} submit={t('Turn off two-factor')} busy={busy} colorPalette="red">
      <PasswordField
        label={t('Password to turn two-factor off')}
        name="disable-password"
        value={password}
        error={error}
        onValueChange={setPassword}
      />
    </OneFieldForm>
  );
}
