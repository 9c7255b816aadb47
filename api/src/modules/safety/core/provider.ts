/** What one checker says about a text. */
export interface ModerationResult {
  flagged: boolean;
  /** The categories it was flagged for, most severe first (OpenAI's category names); empty when not flagged. */
  categories: string[];
  /** Why, for the audit log and the server's log (never shown to the person as it is). */
  reason: string;
}

/**
 * A content checker: the word list (words.ts) or an OpenAI-compatible /moderations endpoint
 * (remote.ts). `check` may fail or be slow (a remote one); core/checks.ts decides what a failure means.
 */
export interface ModerationProvider {
  /** Recorded with each decision: 'wordlist', or the remote model's name. */
  readonly name: string;
  check(text: string, signal?: AbortSignal): Promise<ModerationResult>;
}
