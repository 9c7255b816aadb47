/**
 * Where every "Start Free" / "Sign up free" button and an invitation's "Accept" lead: sign-up with
 * the Free plan already picked (the form's default is Premium, which goes on to checkout).
 */
export const SIGN_UP_FREE = '/register?plan=free';

export const signUpFreeWithInvite = (token: string) =>
  `/register?invite=${encodeURIComponent(token)}&plan=free`;
