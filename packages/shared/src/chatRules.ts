/**
 * The longest message (prompt) a user can send, in UTF-16 code units (what `String.length` counts, on
 * both sides): the api refuses longer ones (api/src/modules/chat/core/schemas.ts), and the composer
 * refuses them before sending so the text is never lost.
 */
export const MESSAGE_MAX = 20_000;

/** The composer shows its character counter from this length on (90% of the limit). */
export const MESSAGE_COUNTER_FROM = 18_000;

/** Marks a text for the catalogues (scripts/lib/i18nMessages.ts finds it; the api answers it translated). */
const msg = (text: string) => text;

/** The limit is written into the text (one whole sentence to translate); chatRules.test.ts keeps it equal to MESSAGE_MAX. */
export const messageTooLong = msg('Messages are limited to 20,000 characters');

export interface MessageLength {
  /** Characters the message has (as sent: without leading and trailing white space). */
  length: number;
  /** Show the counter: near or over the limit. */
  showCounter: boolean;
  /** Over the limit: refused before it is sent. */
  over: boolean;
  /** Characters to remove to fit (0 when it fits). */
  excess: number;
}

/** Where a message stands against MESSAGE_MAX, counted as the composer sends it (trimmed). */
export function messageLength(text: string): MessageLength {
  const length = text.trim().length;
  return {
    length,
    showCounter: length >= MESSAGE_COUNTER_FROM,
    over: length > MESSAGE_MAX,
    excess: Math.max(0, length - MESSAGE_MAX),
  };
}
