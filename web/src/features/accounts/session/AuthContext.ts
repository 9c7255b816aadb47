import { createContext, useContext } from 'react';
import type { LoginInput, RegisterInput, ViewerFieldsFragment } from '../../../graphql/__generated__/graphql';

export type Viewer = ViewerFieldsFragment;

export type LoginResult = { user: Viewer; methods?: undefined } | { user?: undefined; methods: string[] };

/** `checking` until the first `me` answer; a network failure counts as signed out (spec: go to /login). */
export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: Viewer | null;
  /** Each helper throws the Apollo error on failure so the page can word its own toast. */
  /** Signed in, or (two-factor accounts) the password was right and a second factor is asked for. */
  login: (input: LoginInput) => Promise<LoginResult>;
  /** The login's second step: an authenticator code or a recovery code. */
  completeSecondFactor: (code: string) => Promise<Viewer>;
  /** A sign-in done outside Apollo (a passkey): the answered user becomes the signed-in one. */
  acceptSignIn: (viewer: Viewer) => Promise<Viewer>;
  register: (input: RegisterInput) => Promise<Viewer>;
  logout: () => Promise<void>;
  /** The server already ended the session (the account was deleted): forget it on this device. */
  forgetSession: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
