/**
 * The nine assistants of the spec (§3). `command` switches to one at the start of a message;
 * `video` opens the video dialog and never answers in the chat.
 */
export const assistantIds = [
  'gpt',
  'claude',
  'grok',
  'gemini',
  'perplexity',
  'code',
  'study',
  'image',
  'video',
] as const;
export type AssistantId = (typeof assistantIds)[number];

export interface Assistant {
  id: AssistantId;
  name: string;
  shortName: string;
  color: string;
  command: string;
  initial: string;
  isDefault: boolean;
  /** chat: answers with text; image: answers with a generated picture; video: opens the video dialog. */
  kind: 'chat' | 'image' | 'video';
  description: string;
  /** Set when a custom assistant answers through this one (customAssistant.ts asAssistant). */
  custom?: CustomAssistant;
}

/** A person's own assistant (modules/assistants) as a chat answers with it (customAssistant.ts). */
export interface CustomAssistant {
  id: string;
  ownerId: string;
  name: string;
  handle: string;
  color: string;
  description: string;
  instructions: string;
  /** Prompts offered in an empty chat with it (at most 4). */
  starters: string[];
  /** The built-in chat assistant whose model answers for it. */
  model: AssistantId;
  /** Files of its owner's My Files it answers from. */
  fileIds: string[];
  /** Its owner's MCP servers (modules/tools) whose tools it may call, for its owner's prompts. */
  toolServerIds: string[];
}

const a = (x: Omit<Assistant, 'command' | 'isDefault'> & { isDefault?: boolean }): Assistant => ({
  ...x,
  command: `@${x.id}`,
  isDefault: x.isDefault ?? false,
});

export const assistants: readonly Assistant[] = [
  a({
    id: 'gpt',
    name: 'GPT',
    shortName: 'GPT',
    color: '#10a37f',
    initial: 'G',
    kind: 'chat',
    isDefault: true,
    description: 'Versatile all-rounder for writing, questions and ideas',
  }),
  a({
    id: 'claude',
    name: 'Claude',
    shortName: 'Claude',
    color: '#d97757',
    initial: 'C',
    kind: 'chat',
    description: 'Thoughtful long-form writing and careful reasoning',
  }),
  a({
    id: 'grok',
    name: 'Grok',
    shortName: 'Grok',
    color: '#1d9bf0',
    initial: 'X',
    kind: 'chat',
    description: 'Witty answers with a sense of humour',
  }),
  a({
    id: 'gemini',
    name: 'Gemini',
    shortName: 'Gemini',
    color: '#4285f4',
    initial: 'G',
    kind: 'chat',
    description: "Google's multimodal model, good with images",
  }),
  a({
    id: 'perplexity',
    name: 'Perplexity',
    shortName: 'Perplexity',
    color: '#20808d',
    initial: 'P',
    kind: 'chat',
    description: 'Research answers with sources',
  }),
  a({
    id: 'code',
    name: 'Code Assistant',
    shortName: 'Code',
    color: '#8b5cf6',
    initial: 'C',
    kind: 'chat',
    description: 'Writes, explains and debugs code',
  }),
  a({
    id: 'study',
    name: 'Study Mode',
    shortName: 'Study',
    color: '#f59e0b',
    initial: 'S',
    kind: 'chat',
    description: 'Tutor that explains step by step and quizzes you',
  }),
  a({
    id: 'image',
    name: 'Image Generator',
    shortName: 'Image',
    color: '#ec4899',
    initial: 'I',
    kind: 'image',
    description: 'Turns a description into a picture',
  }),
  a({
    id: 'video',
    name: 'Video Generator',
    shortName: 'Video',
    color: '#ef4444',
    initial: 'V',
    kind: 'video',
    description: 'Turns a prompt into a 4-12 second video',
  }),
];

export const defaultAssistant = assistants.find((x) => x.isDefault)!;

export function findAssistant(id: string | null | undefined): Assistant | undefined {
  return assistants.find((x) => x.id === id);
}

/**
 * A leading @command (case-insensitive, followed by a space, a newline or the end) picks an
 * assistant; the command is removed from what the model sees.
 */
export function parseCommand(text: string): { assistant?: Assistant; rest: string } {
  const match = /^\s*@([a-z]+)(?=\s|$)/i.exec(text);
  const assistant = match ? findAssistant(match[1]!.toLowerCase()) : undefined;
  if (!assistant) return { rest: text };
  return { assistant, rest: text.slice(match![0].length).trim() };
}

/**
 * The assistants named by the @commands a text starts with, in order (a compare names several:
 * `@claude @gemini why…`), and the text after them.
 */
export function leadingCommands(text: string): { assistants: Assistant[]; rest: string } {
  const assistants: Assistant[] = [];
  let rest = text;
  for (let next = parseCommand(rest); next.assistant; next = parseCommand(rest)) {
    assistants.push(next.assistant);
    rest = next.rest;
  }
  return { assistants, rest };
}
