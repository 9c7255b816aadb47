import { createContext, useContext } from 'react';
import type { LoginInput, RegisterInput, ViewerFieldsFragment } from '../graphql/__generated__/graphql';

export type Viewer = ViewerFieldsFragment;

/** `checking` until the first `me` answer; a network failure counts as signed out (spec: go to /login). */
export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: Viewer | null;
  /** Each helper throws the Apollo error on failure so the page can word its own toast. */
  login: (input: LoginInput) => Promise<Viewer>;
  register: (input: RegisterInput) => Promise<Viewer>;
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
