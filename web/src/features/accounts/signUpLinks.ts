/**
 * Where every "Start Free" / "Sign up free" button and an invitation's "Accept" lead: sign-up with
 * the Free plan already picked (the form's default is Premium, which goes on to checkout).
 */
export const SIGN_UP_FREE = '/register?plan=free';

export const signUpFreeWithInvite = (token: string) =>
  `/register?invite=${encodeURIComponent(token)}&plan=free`;

/**
 * Where signing in leads: `?next=` when it is a path of this site (a public page's "Log in to…" link
 * comes back to it), else the chat. Anything else (another origin, `//host`, `/\\host`) is ignored,
 * so the login page can't be made to send someone off-site.
 */
export function afterSignInPath(next: string | null): string {
  const onThisSite = /^\/(?![/\\])[\x21-\x7e]*$/.test(next ?? '');
  return onThisSite && next ? next : '/chat';
}

/** The login page that comes back to `path` once signed in. */
export const signInAndReturn = (path: string) => `/login?next=${encodeURIComponent(path)}`;
