import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { zodText } from '../../../platform/validation.ts';
import { assistantIds, assistants } from '../../chat/core/catalogue.ts';

/**
 * What a custom assistant may be (table custom_assistants, Migration20261129200000_custom_assistants):
 * the input rules both transports share, kept pure so they are unit-tested (rules.test.ts).
 */

export const ASSISTANTS_PER_USER = 50;
export const NAME_MAX = 40;
export const DESCRIPTION_MAX = 200;
export const INSTRUCTIONS_MAX = 8000;
export const STARTERS_MAX = 4;
export const STARTER_MAX = 200;
export const FILES_MAX = 10;
export const TOOL_SERVERS_MAX = 5;
export const HANDLE_PATTERN = /^[a-z][a-z0-9_]{2,23}$/;
export const VISIBILITIES = ['private', 'friends', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The built-in assistants a custom one can run on: those that answer with text (catalogue `kind: 'chat'`). */
export const CHAT_MODELS = assistants.filter((a) => a.kind === 'chat').map((a) => a.id) as readonly string[];

/**
 * Handles `@handle` may not name: the nine built-in assistants (their own `@id` commands) and words
 * that read as addressing everyone or Chorus itself.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  ...assistantIds,
  'all',
  'everyone',
  'here',
  'chorus',
  'admin',
  'staff',
  'system',
  'assistant',
  'assistants',
]);

export const assistantMessages = {
  notFound: msg('Assistant not found'),
  handleTaken: msg('That handle is taken'),
  handleForm: msg(
    'Handle must be 3–24 characters: a letter first, then lowercase letters, digits or underscores',
  ),
  tooMany: msg('You can keep up to {max} assistants. Delete one to make another.'),
  fileNotFound: msg('File not found: knowledge files must be your own'),
  toolServerNotFound: msg('Tool server not found: connect it in Settings, Tools (MCP) first'),
  nothing: msg('Nothing to change'),
  cursor: msg('Invalid page cursor'),
} as const;

const name = z
  .string({ error: msg('Name is required') })
  .trim()
  .min(1, msg('Name is required'))
  .max(NAME_MAX, zodText(msg('Name must be at most {max} characters'), { max: NAME_MAX }));

export const handle = z
  .string({ error: msg('Handle is required') })
  .trim()
  .transform((h) => h.replace(/^@/, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(HANDLE_PATTERN, assistantMessages.handleForm)
      .refine((h) => !RESERVED_HANDLES.has(h), assistantMessages.handleTaken),
  );

const color = z
  .string({ error: msg('Colour must be like #6366f1') })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, msg('Colour must be like #6366f1'))
  .transform((c) => c.toLowerCase());
const description = z
  .string({ error: msg('Description must be text') })
  .trim()
  .max(
    DESCRIPTION_MAX,
    zodText(msg('Description must be at most {max} characters'), { max: DESCRIPTION_MAX }),
  );
const instructions = z
  .string({ error: msg('Instructions must be text') })
  .trim()
  .max(
    INSTRUCTIONS_MAX,
    zodText(msg('Instructions must be at most {max, plural, other {#}} characters'), {
      max: INSTRUCTIONS_MAX,
    }),
  );
const model = z.enum(CHAT_MODELS as [string, ...string[]], {
  error: zodText(msg('Model must be one of {choices}'), { choices: CHAT_MODELS.join(', ') }),
});
const visibility = z.enum(VISIBILITIES, {
  error: zodText(msg('Visibility must be one of {choices}'), { choices: VISIBILITIES.join(', ') }),
});
const starters = z
  .array(
    z
      .string({ error: msg('Each starter must be text') })
      .trim()
      .min(1, msg('A starter cannot be empty'))
      .max(STARTER_MAX, zodText(msg('Each starter must be at most {max} characters'), { max: STARTER_MAX })),
    { error: msg('Starters must be a list of texts') },
  )
  .max(STARTERS_MAX, zodText(msg('At most {max} starters'), { max: STARTERS_MAX }));
// The message whole, one per kind of id: a word put into a sentence can't be translated.
const uuid = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message)
    .transform((s) => s.toLowerCase());
const fileIds = z
  .array(uuid(msg('Each file must be an id')), { error: msg('fileIds must be a list of file ids') })
  .max(FILES_MAX, zodText(msg('At most {max} knowledge files'), { max: FILES_MAX }))
  .transform((ids) => [...new Set(ids)]);
// The owner's own MCP servers (modules/tools), checked against the table in core/assistants.ts.
const toolServerIds = z
  .array(uuid(msg('Each tool server must be an id')), { error: msg('toolServerIds must be a list of ids') })
  .max(TOOL_SERVERS_MAX, zodText(msg('At most {max} tool servers'), { max: TOOL_SERVERS_MAX }))
  .transform((ids) => [...new Set(ids)]);

const fields = {
  name,
  handle,
  color,
  description,
  instructions,
  model,
  visibility,
  starters,
  fileIds,
  toolServerIds,
};

export const createInput = z.object({
  ...fields,
  color: color.optional(),
  description: description.optional(),
  instructions: instructions.optional(),
  model: model.optional(),
  visibility: visibility.optional(),
  starters: starters.optional(),
  fileIds: fileIds.optional(),
  toolServerIds: toolServerIds.optional(),
});
export type CreateInput = z.infer<typeof createInput>;

export const updateInput = z
  .object({
    name: name.optional(),
    handle: handle.optional(),
    color: color.optional(),
    description: description.optional(),
    instructions: instructions.optional(),
    model: model.optional(),
    visibility: visibility.optional(),
    starters: starters.optional(),
    fileIds: fileIds.optional(),
    toolServerIds: toolServerIds.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: assistantMessages.nothing });
export type UpdateInput = z.infer<typeof updateInput>;

/** The directory's search text: at most 100 characters, '' for none. */
export const directoryQuery = z
  .string({ error: msg('Search must be text') })
  .trim()
  .max(100, msg('Search must be at most 100 characters'))
  .optional()
  .nullable()
  .transform((q) => q ?? '');

/** `q` made a literal ILIKE pattern (escape character `\`): `%`, `_` and `\` match themselves. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The directory's keyset position (`uses desc, id`), opaque to clients. */
export interface DirectoryCursor {
  uses: number;
  id: string;
}
export const encodeCursor = (c: DirectoryCursor) => Buffer.from(`${c.uses}:${c.id}`).toString('base64url');
export function decodeCursor(cursor: string): DirectoryCursor | null {
  if (cursor.length > 200) return null;
  const m = /^(\d{1,10}):([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(m[2]!)) return null;
  return { uses: Number(m[1]), id: m[2]! };
}

/**
 * A copy's handle: `base_2`, `base_3`, … the first not in `taken`, the base cut so it stays within 24
 * characters (and never ends up a reserved word).
 */
export function copyHandle(base: string, taken: ReadonlySet<string>): string {
  for (let n = 2; n < 10_000; n++) {
    const suffix = `_${n}`;
    const h = `${base.slice(0, 24 - suffix.length)}${suffix}`;
    if (!taken.has(h) && HANDLE_PATTERN.test(h) && !RESERVED_HANDLES.has(h)) return h;
  }
  throw new Error('No free handle for a copy');
}
