/**
 * Accounts created in this tab: they adopt the browser's colour mode instead of the server default
 * (see SavedColorModeSync). Kept apart from that component so sign-up doesn't load Apollo's hooks.
 */
const newAccounts = new Set<string>();

/** Called by sign-up before the new user becomes visible to the app. */
export function rememberNewAccount(userId: string): void {
  newAccounts.add(userId);
}

/** True once for an account created in this tab (the answer is used up by asking). */
export function isNewAccount(userId: string): boolean {
  return newAccounts.delete(userId);
}
