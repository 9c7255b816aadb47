import { Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../../../components/forms/PasswordField';
import { TextField } from '../../../components/forms/TextField';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { readApiFailure } from '../../../graphql/errors';
import { useDelayedNavigate } from '../../../hooks/useDelayedNavigate';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { PAYMENT } from '../../../lib/paymentMessages';
import { startCheckout } from '../../../lib/startCheckout';
import { CHECK_DETAILS, isValidEmail, MESSAGES, PASSWORD_MIN, usernameProblem } from '../accountRules';
import { AuthForm } from '../components/AuthForm';
import { AuthLinkLine } from '../components/AuthLinkLine';
import { AuthShell } from '../components/AuthShell';
import { type PlanChoice, PlanPicker } from '../components/PlanPicker';
import { useAuth } from '../session/AuthContext';

interface SignUpForm {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const EMPTY_FORM: SignUpForm = { username: '', email: '', password: '', confirmPassword: '' };

/** Spec §5 sign-up checks, in the spec's order; returns [title, description] of the first failure. */
function signUpProblem(form: SignUpForm): [string, string?] | null {
  if (!form.username || !form.email || !form.password)
    return [msg('Missing fields'), MESSAGES.registerMissing];
  const nameProblem = usernameProblem(form.username);
  if (nameProblem) return [CHECK_DETAILS, nameProblem];
  if (form.password.length < PASSWORD_MIN) return [CHECK_DETAILS, MESSAGES.passwordTooShort];
  if (form.password !== form.confirmPassword) return [CHECK_DETAILS, MESSAGES.passwordsDiffer];
  if (!isValidEmail(form.email)) return [CHECK_DETAILS, MESSAGES.invalidEmail];
  return null;
}

type FieldErrors = Partial<Record<keyof SignUpForm, string>>;

/** Every problem, each under its own field (the toast names the first, in the spec's order). */
function fieldProblems(form: SignUpForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.username) errors.username = msg('Enter a username.');
  else errors.username = usernameProblem(form.username) ?? undefined;
  if (!form.email) errors.email = msg('Enter your email address.');
  else if (!isValidEmail(form.email)) errors.email = MESSAGES.invalidEmail;
  if (!form.password) errors.password = msg('Enter a password.');
  else if (form.password.length < PASSWORD_MIN) errors.password = MESSAGES.passwordTooShort;
  if (form.password && form.password !== form.confirmPassword)
    errors.confirmPassword = MESSAGES.passwordsDiffer;
  for (const key of Object.keys(errors) as (keyof SignUpForm)[]) if (!errors[key]) delete errors[key];
  return errors;
}

/** The field a server refusal is about (a taken username or email), if it names one. */
function fieldOfRefusal(message: string): keyof SignUpForm | null {
  if (/user ?name/i.test(message)) return 'username';
  if (/e-?mail/i.test(message)) return 'email';
  if (/password/i.test(message)) return 'password';
  return null;
}

/** Checkout sends people back to /register?payment=cancelled; tell them once and tidy the address. */
function usePaymentCancelledNotice() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const shown = useRef(false);
  const cancelled = searchParams.get('payment') === 'cancelled';

  useEffect(() => {
    if (!cancelled || shown.current) return;
    shown.current = true;
    notifyError(PAYMENT.cancelledTitle, PAYMENT.cancelledText);
    navigate('/register', { replace: true });
  }, [cancelled, navigate]);
}

export default function RegisterPage() {
  usePageMeta('/register');
  const t = useT();
  usePaymentCancelledNotice();
  // Arrived through a friend's invitation link (/invite/{token}): sign-up redeems it.
  const [inviteParams] = useSearchParams();
  const inviteToken = inviteParams.get('invite');
  const { register } = useAuth();
  const navigateSoon = useDelayedNavigate();
  // A Start button on /pricing arrives with its plan picked (?plan=free|premium|max).
  const [plan, setPlan] = useState<PlanChoice>(() => {
    const asked = inviteParams.get('plan');
    return asked === 'free' || asked === 'premium' || asked === 'max' ? asked : 'premium';
  });
  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  // Editing a field clears its message; the next submit checks every field again.
  const field = (name: keyof SignUpForm) => ({
    name,
    value: form[name],
    // Kept in English (a server refusal as it came), translated where shown.
    error: errors[name] === undefined ? undefined : t(errors[name]),
    onValueChange: (value: string) => {
      setForm((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = { ...form, username: form.username.trim(), email: form.email.trim() };
    const problem = signUpProblem(trimmed);
    setErrors(fieldProblems(trimmed));
    if (problem) {
      const [title, description] = problem;
      notifyError(t(title), description === undefined ? undefined : t(description));
      return;
    }
    setSubmitting(true);
    try {
      await register({
        username: trimmed.username,
        email: trimmed.email,
        password: trimmed.password,
        inviteToken,
      });
    } catch (error) {
      const failure = readApiFailure(error);
      if (failure.kind === 'rejected') {
        notifyError(t('Registration failed'), failure.message || t('Could not create account'));
        const field = fieldOfRefusal(failure.message);
        if (field) setErrors({ [field]: failure.message });
      } else {
        notifyError(t('Registration error'), t('An error occurred during registration. Please try again.'));
      }
      setSubmitting(false);
      return;
    }
    notifySuccess(t('Registration successful'), t('Account created successfully!'));
    if (plan === 'free') {
      navigateSoon('/chat', 1000);
      setSubmitting(false);
      return;
    }
    // Spec §4, §7: premium (monthly) or max goes to checkout, which returns to /plans or, cancelled,
    // to /payment-cancelled. If checkout cannot start, the account stays on Free and My Plan can retry.
    const leaving = await startCheckout(plan === 'premium' ? 'monthly' : 'max', 'register');
    if (!leaving) {
      setSubmitting(false);
      navigateSoon('/plans', 1500);
    }
  };

  return (
    <AuthShell
      mode="register"
      title={t('Create your account')}
      subtitle={t('Pick a plan, then tell us a little about you.')}
    >
      <AuthForm
        onSubmit={onSubmit}
        submit={t('Create Account')}
        busy={submitting}
        busyText={plan === 'free' ? t('Creating account...') : t('Redirecting to checkout...')}
        preRendered
        after={
          <AuthLinkLine lead={t('Already have an account?')} to="/login">
            {t('Log in')}
          </AuthLinkLine>
        }
      >
        <PlanPicker value={plan} onChange={setPlan} />
        {plan !== 'free' ? (
          <Text fontSize="sm" color="fg.muted" role="note">
            {t(
              'After creating your account you go to secure card checkout. Cancel there and your account stays on Free.',
            )}
          </Text>
        ) : null}
        <TextField
          label={t('Username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...field('username')}
        />
        <TextField label={t('Email')} type="email" autoComplete="email" {...field('email')} />
        <PasswordField
          label={t('Password')}
          isNew
          {...field('password')}
          helperText={t('At least {count} characters.', { count: PASSWORD_MIN })}
        />
        <PasswordField label={t('Confirm Password')} isNew {...field('confirmPassword')} />
      </AuthForm>
    </AuthShell>
  );
}
