import { useMutation } from '@apollo/client/react';
import { Button, Field, HStack, Input, Link, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PasswordField } from '../../../components/forms/PasswordField';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { msg, useT } from '../../../lib/i18n';
import { failureMessage, notifyFailure } from '../../../lib/mutationToast';
import { isValidEmail, MESSAGES, usernameProblem } from '../accountRules';
import { UpdateProfileMutation } from '../graphql';
import type { Viewer } from '../session/AuthContext';

interface ProfileDraft {
  username: string;
  email: string;
  displayName: string;
  bio: string;
}

function draftFrom(user: Viewer): ProfileDraft {
  return {
    username: user.username,
    email: user.email,
    displayName: user.displayName ?? '',
    bio: user.bio ?? '',
  };
}

const PASSWORD_NEEDED = msg('Please enter your current password to change your e-mail address');

/**
 * Edit mode of the profile. The saved user lands in Apollo's cache, so every screen updates at once.
 * A new e-mail address needs the current password (api: accounts/core/emailChange.ts); the field
 * appears only then, and its errors show under it.
 */
export function ProfileForm({ user, onDone }: { user: Viewer; onDone: () => void }) {
  const t = useT();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFrom(user));
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [updateProfile, { loading }] = useMutation(UpdateProfileMutation);
  const emailChanges = draft.email.trim().toLowerCase() !== user.email.toLowerCase();

  const update = (field: keyof ProfileDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const save = async () => {
    const username = draft.username.trim();
    const email = draft.email.trim();
    const problem = usernameProblem(username) ?? (isValidEmail(email) ? null : MESSAGES.invalidEmail);
    if (problem) {
      notifyError(t('Update failed'), t(problem));
      return;
    }
    if (emailChanges && !currentPassword) {
      setPasswordError(t(PASSWORD_NEEDED));
      return;
    }
    setPasswordError(null);
    try {
      // Blank optional fields are sent as "" and cleared by the server.
      await updateProfile({
        variables: {
          input: {
            username,
            email,
            displayName: draft.displayName.trim(),
            bio: draft.bio.trim(),
            ...(emailChanges ? { currentPassword } : {}),
          },
        },
      });
      notifySuccess(
        t('Profile Updated'),
        emailChanges
          ? t('We sent a link to {email} to confirm it, and told {oldEmail} about the change.', {
              email,
              oldEmail: user.email,
            })
          : t('Your profile has been saved.'),
      );
      onDone();
    } catch (error) {
      const message = failureMessage(error, t('Failed to update profile'));
      // The password's own errors belong under its field; anything else is the form's.
      if (emailChanges && /current password/i.test(message)) setPasswordError(message);
      else notifyFailure(t('Update failed'), error, t('Failed to update profile'));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5">
        <Field.Root required>
          <Field.Label>{t('Username')}</Field.Label>
          <Input
            name="username"
            autoComplete="username"
            value={draft.username}
            onChange={update('username')}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('Email')}</Field.Label>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={draft.email}
            onChange={update('email')}
          />
        </Field.Root>
        {emailChanges ? (
          <PasswordField
            label={t('Current password')}
            name="currentPassword"
            value={currentPassword}
            onValueChange={(value) => {
              setCurrentPassword(value);
              setPasswordError(null);
            }}
            error={passwordError}
            helperText={
              <>
                {t(
                  "Needed to change your e-mail address. We'll send a confirmation link to the new address and tell {email}, with a way to undo it.",
                  { email: user.email },
                )}{' '}
                {t('Signed up through another provider and never set a password?')}{' '}
                <Link asChild variant="underline">
                  <RouterLink to="/forgot-password">{t('Set one first')}</RouterLink>
                </Link>
                .
              </>
            }
          />
        ) : null}
        <Field.Root>
          <Field.Label>{t('Display name')}</Field.Label>
          <Input
            name="displayName"
            autoComplete="nickname"
            value={draft.displayName}
            onChange={update('displayName')}
          />
          <Field.HelperText>{t('Optional. Shown instead of your username.')}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Bio')}</Field.Label>
          <Textarea name="bio" rows={4} maxLength={500} value={draft.bio} onChange={update('bio')} />
          <Field.HelperText>{t('Optional. Up to 500 characters.')}</Field.HelperText>
        </Field.Root>
        <HStack gap="3">
          <Button type="submit" loading={loading} loadingText={t('Saving...')}>
            {t('Save Changes')}
          </Button>
          <Button type="button" variant="outline" onClick={onDone} disabled={loading}>
            {t('Cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
