import type { AssistantFieldsFragment } from '../../../graphql/__generated__/graphql';

export type Assistant = AssistantFieldsFragment;

/** Spec §9: the default assistant, and the one a new chat starts with. */
export const DEFAULT_ASSISTANT_ID = 'gpt';

/** Specialised modes a chat can start in (from /chat?mode=…, linked by the marketing pages). */
export const CHAT_MODES = {
  study: 'Study',
  rewrite: 'Rewrite',
  business: 'Business',
  coach: 'Coach',
} as const;
export type ChatMode = keyof typeof CHAT_MODES;

export function isChatMode(value: string | null | undefined): value is ChatMode {
  return !!value && Object.hasOwn(CHAT_MODES, value);
}

/** The selector's and the server's id of a custom assistant (api/src/modules/chat/core/customAssistant.ts). */
export const customKey = (id: string) => `custom:${id}`;

/** A custom assistant as an answer or a chat names it (CustomAssistantBadgeFields). */
export interface CustomBadge {
  id: string;
  name: string;
  handle: string;
  color: string;
}

/**
 * The catalogue with the custom assistants this chat used that it doesn't list (a stranger's
 * public one called by its @handle): the chat can stay with them and name their answers.
 */
export function withBadges(
  assistants: readonly Assistant[],
  badges: readonly (CustomBadge | null | undefined)[],
) {
  const extra: Assistant[] = [];
  for (const badge of badges) {
    if (!badge) continue;
    const id = customKey(badge.id);
    if (assistants.some((a) => a.id === id) || extra.some((a) => a.id === id)) continue;
    extra.push({
      id,
      name: badge.name,
      shortName: badge.name,
      color: badge.color,
      command: `@${badge.handle}`,
      initial: badge.name.charAt(0).toUpperCase() || 'A',
      isDefault: false,
      kind: 'chat',
      // Marked for translation in assistantDescriptions.ts.
      description: 'Custom assistant',
      offline: false,
      vision: false,
      basedOn: null,
      starters: [],
    });
  }
  return extra.length ? [...assistants, ...extra] : assistants;
}

export function findAssistant(assistants: readonly Assistant[], id: string | null | undefined) {
  return id ? assistants.find((assistant) => assistant.id === id) : undefined;
}

const LEADING_COMMAND = /^\s*(@[a-z][a-z0-9_]*)(?=\s|$)/i;

/**
 * The assistant named by a leading @command (as the server reads it: case-insensitive, followed by
 * whitespace or the end), and the text after it.
 */
export function parseCommand(
  text: string,
  assistants: readonly Assistant[],
): { assistant?: Assistant; rest: string } {
  const match = LEADING_COMMAND.exec(text);
  const command = match?.[1]?.toLowerCase();
  const assistant = command ? assistants.find((a) => a.command.toLowerCase() === command) : undefined;
  if (!assistant || !match) return { rest: text };
  return { assistant, rest: text.slice(match[0].length).trim() };
}

/**
 * The assistant a composer text switches to as it is typed: a known command followed by whitespace
 * ("@claude "), so typing "@c" on the way to "@code" switches nothing.
 */
export function typedCommand(text: string, assistants: readonly Assistant[]): Assistant | undefined {
  const match = /^\s*(@[a-z][a-z0-9_]*)\s/i.exec(text);
  const command = match?.[1]?.toLowerCase();
  return command ? assistants.find((a) => a.command.toLowerCase() === command) : undefined;
}

/** The composer text with its leading command replaced by (or prefixed with) `command`. */
export function withCommand(text: string, command: string): string {
  const rest = text.replace(/^\s*@[a-z][a-z0-9_]*(?=\s|$)\s*/i, '');
  return `${command} ${rest}`;
}
