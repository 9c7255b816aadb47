// Apart from signUpLinks.ts, which the top bar of every public page imports (their JS budget):
// only the login page and the "Log in to…" links of a few pages need these.
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
