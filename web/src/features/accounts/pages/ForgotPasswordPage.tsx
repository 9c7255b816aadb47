import { useState } from 'react';
import { TextField } from '../../../components/forms/TextField';
import { useFormAction } from '../../../hooks/useFormAction';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { apiPost } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { AuthForm } from '../components/AuthForm';
import { AuthLinkLine } from '../components/AuthLinkLine';
import { AuthShell } from '../components/AuthShell';
import { StatusNote } from '../components/StatusNote';

/** "Forgot password?": asks for the address and says the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  const t = useT();
  usePageMeta({ title: t('Forgot password'), description: t('Get a link to reset your Chorus password.') });
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, onSubmit } = useFormAction();
  const submit = onSubmit(async () => {
    setSent(
      (await apiPost<{ message: string }>('/api/auth/password/forgot', { email: email.trim() })).message,
    );
  });
  return (
    <AuthShell
      mode="login"
      title={t('Forgot your password?')}
      subtitle={t("Enter your e-mail address and we'll send you a link to choose a new one.")}
    >
      {sent ? (
        <StatusNote ok>{sent}</StatusNote>
      ) : (
        <AuthForm onSubmit={submit} submit={t('Send reset link')} busy={busy}>
          <TextField
            label={t('E-mail address')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={error}
          />
        </AuthForm>
      )}
      <AuthLinkLine to="/login" mt="5">
        {t('Back to log in')}
      </AuthLinkLine>
    </AuthShell>
  );
}
