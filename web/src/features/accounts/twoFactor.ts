import { apiFetch, apiGet, apiPost } from '../../lib/api';
import type { Viewer } from './session/AuthContext';

/** The api's two-factor calls (`/api/auth/2fa/*`, passkeys, sign-in providers) for the web app. */
export interface TwoFactorStatus {
  enabled: boolean;
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
}

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

export interface SignInProvider {
  id: string;
  name: string;
}

export const getTwoFactorStatus = () => apiGet<TwoFactorStatus>('/api/auth/2fa');
export const startTotpSetup = () => apiPost<TotpSetup>('/api/auth/2fa/totp/setup');
export const enableTotp = (code: string) =>
  apiPost<{ recoveryCodes: string[] }>('/api/auth/2fa/totp/enable', { code });
export const newRecoveryCodes = (password: string) =>
  apiPost<{ recoveryCodes: string[] }>('/api/auth/2fa/recovery-codes', { password });
export const disableTwoFactor = (password: string) => apiPost('/api/auth/2fa/disable', { password });
export const removePasskey = (id: string) =>
  apiFetch(`/api/auth/2fa/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const signInProviders = () => apiGet<SignInProvider[]>('/api/auth/oidc/providers');

/** The REST user object as the app's viewer (what Apollo's cache keeps for `me`). */
const asViewer = (user: Viewer): Viewer => ({ __typename: 'User', ...user }) as Viewer;

/** Registers a passkey on this device (the browser asks for the PIN, fingerprint or security key). */
export async function addPasskey(name: string): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiPost<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/auth/2fa/passkeys/options',
  );
  const response = await startRegistration({ optionsJSON });
  await apiPost('/api/auth/2fa/passkeys', { name, response });
}

/**
 * Signs in with a passkey: the second step of a login whose password was right, or on its own
 * (passwordless) when no login is pending. Answers the signed-in user.
 */
export async function signInWithPasskey(): Promise<Viewer> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON =
    await apiPost<Parameters<typeof startAuthentication>[0]['optionsJSON']>('/api/auth/passkey/options');
  const response = await startAuthentication({ optionsJSON });
  return asViewer(await apiPost<Viewer>('/api/auth/passkey/verify', { response }));
}
