import { createHash, randomUUID } from 'node:crypto';
import { STORED_TEXTS, storedText } from '@chorus/shared/storedTexts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { lockUntilCommit } from '../../../platform/db.ts';
import { AppError, badInput, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { assistantIds } from '../../chat/core/catalogue.ts';
import { storeImportedImage } from '../../files/core/images.ts';
import { addJob } from '../../jobs/addJob.ts';
import {
  conversationsOf,
  describeIssue,
  type ImportedConversation,
  type ImportFormat,
  importFormats,
  readConversation,
} from './formats.ts';
import { type InspectedImport, NOT_JSON } from './importUpload.ts';

/**
 * Import (issue 18, item 4): the upload is checked (JSON, a known format) and kept on a
 * `chat_imports` row; the `import_chats` job reads it into chats in ONE transaction (all or
 * nothing) and reports progress on the row. Each imported conversation leaves a per-user hash of
 * its source id and content, unique, so importing the same file again adds nothing.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const importOptionsSchema = z.object({
  // The dialog's "detect automatically" sends an empty field.
  format: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(importFormats, { message: msg('format must be chorus, chatgpt or claude') }).optional(),
  ),
});

export interface ImportView {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  format: ImportFormat;
  progress: number;
  chatsImported: number;
  messagesImported: number;
  error?: string;
  createdAt: Date;
}

interface ImportRow {
  id: string;
  user_id: string;
  status: ImportView['status'];
  format: ImportFormat;
  progress: number;
  chats_imported: number;
  messages_imported: number;
  error: string | null;
  created_at: Date;
}

/** What a status read selects: the job's row, never the archive (that is in storage, `source_key`). */
const IMPORT_COLUMNS =
  'id, user_id, status, format, progress, chats_imported, messages_imported, error, created_at';

const toView = (r: ImportRow): ImportView => ({
  id: r.id,
  status: r.status,
  format: r.format,
  progress: r.progress,
  chatsImported: r.chats_imported,
  messagesImported: r.messages_imported,
  ...(r.error ? { error: r.error } : {}),
  createdAt: r.created_at,
});

const FORMAT_NAMES: Record<ImportFormat, string> = {
  chorus: 'a Chorus export',
  chatgpt: 'a ChatGPT conversations.json',
  claude: 'a Claude export',
};

const importsWaiting = (cap: number) =>
  textError(
    'RATE_LIMITED',
    msg('You have {cap} imports waiting or running: try again when one of them has finished'),
    { cap },
  );

/** Imports of the user's that are queued or running (read on the import's own row columns). */
async function importsInFlight(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from chat_imports where user_id = ? and status in ('queued', 'running')`,
    [userId],
  );
  return row?.n ?? 0;
}

/**
 * An early refusal before the upload is read (the check that counts is in `requestImport`): a user
 * with IMPORTS_QUEUED_PER_USER imports waiting uploads nothing more.
 */
export async function checkImportRoom(em: EntityManager, userId: string, cap: number): Promise<void> {
  if ((await importsInFlight(em, userId)) >= cap) throw importsWaiting(cap);
}

/** An upload already streamed to storage and checked on the way (importUpload.ts). */
export interface StoredImport {
  key: string;
  inspected: InspectedImport;
}

/**
 * Queues the import of an archive the upload streamed to storage, with its job, in one
 * transaction. At most `cap` imports of a user wait or run at once: a per-user lock makes the count
 * and the insert one step, so parallel uploads cannot pass it. A refused upload's object is deleted.
 */
export async function requestImport(
  em: EntityManager,
  storage: Pick<Storage, 'delete'>,
  userId: string,
  upload: StoredImport,
  options: unknown,
  cap: number,
): Promise<ImportView> {
  try {
    const { format: asked } = parseInput(importOptionsSchema, options);
    const detected = upload.inspected.format;
    if (!asked && !detected) throw badInput(msg('This file is not a Chorus, ChatGPT or Claude chat export'));
    const format = asked ?? detected!;
    if (detected !== format) throw badInput(`This file is not ${FORMAT_NAMES[format]}`);
    return await em.transactional(async (tem) => {
      await lockUntilCommit(tem, `imports:${userId}`);
      if ((await importsInFlight(tem, userId)) >= cap) throw importsWaiting(cap);
      const [row] = await tem.execute<ImportRow[]>(
        `insert into chat_imports (id, user_id, format, content_hash, source_key)
         values (gen_random_uuid(), ?, ?, ?, ?) returning ${IMPORT_COLUMNS}`,
        [userId, format, upload.inspected.contentHash, upload.key],
      );
      await addJob(
        tem,
        'import_chats',
        { importId: row!.id },
        { jobKey: `import:${row!.id}`, maxAttempts: 3 },
      );
      return toView(row!);
    });
  } catch (err) {
    await storage.delete(upload.key).catch(() => undefined);
    throw err;
  }
}

/** The import's state, to its owner only (404 for anyone else); the row's columns, never its file. */
export async function getImport(em: EntityManager, userId: string, id: string): Promise<ImportView> {
  const [row] = isUuid(id)
    ? await em.execute<ImportRow[]>(
        `select ${IMPORT_COLUMNS} from chat_imports where id = ? and user_id = ?`,
        [id, userId],
      )
    : [];
  if (!row) throw notFound(msg('Import not found'));
  return toView(row);
}

/** A problem with the file's content: the import fails with this message and is not retried. */
class ImportProblem extends Error {}

/**
 * The idempotency key of one conversation: its source id and everything that is imported of it.
 * A conversation with branches adds its shape (each message's parent and the path shown); one
 * without keeps the key it had before imports read branches, so an old import still counts.
 */
const conversationHash = (format: ImportFormat, c: ImportedConversation) => {
  const at = new Map(c.messages.map((m, i) => [m.key, i]));
  const chain = c.messages.every((m, i) => m.parentKey === (i > 0 ? c.messages[i - 1]!.key : null));
  const shape =
    chain && c.currentKey === (c.messages.at(-1)?.key ?? null)
      ? []
      : [
          c.messages.map((m) => (m.parentKey === null ? -1 : at.get(m.parentKey))),
          at.get(c.currentKey ?? ''),
        ];
  // Images (version 2 exports) by the hash of their bytes; a conversation without any keeps its key.
  const images = c.messages.some((m) => m.images.length)
    ? [c.messages.map((m) => m.images.map((i) => createHash('sha256').update(i.bytes).digest('hex')))]
    : [];
  return createHash('sha256')
    .update(
      JSON.stringify([
        format,
        c.sourceId,
        c.title,
        c.messages.map((m) => [m.role, m.content, m.model]),
        ...shape,
        ...images,
      ]),
    )
    .digest('hex');
};

/** Writes one new conversation as a chat with its tree of messages; null when it was imported before. */
async function writeConversation(
  tem: EntityManager,
  storage: Storage,
  stored: string[],
  conversationIndex: number,
  userId: string,
  format: ImportFormat,
  c: ImportedConversation,
): Promise<number | null> {
  const hash = conversationHash(format, c);
  const [claimed] = await tem.execute<{ hash: string }[]>(
    `insert into chat_import_hashes (user_id, hash) values (?, ?) on conflict do nothing returning hash`,
    [userId, hash],
  );
  if (!claimed) return null; // imported before: nothing to add
  const assistant = (assistantIds as readonly string[]).includes(c.assistant) ? c.assistant : 'gpt';
  // A loop, not Math.max(...all): a long conversation would overflow the argument list.
  const lastAt = new Date(
    c.messages.reduce((t, m) => Math.max(t, m.createdAt.getTime()), c.createdAt.getTime()),
  );
  const [chat] = await tem.execute<{ id: string }[]>(
    `insert into chats (id, user_id, title, active_model, mode, created_at, updated_at)
     values (gen_random_uuid(), ?, ?, ?, ?, ?, ?) returning id`,
    [userId, c.title, assistant, c.mode, c.createdAt, lastAt],
  );
  await tem.execute(`update chat_import_hashes set chat_id = ? where user_id = ? and hash = ?`, [
    chat!.id,
    userId,
    hash,
  ]);
  if (c.messages.length) {
    // New ids, handed out in ascending order in the file's order: versions of a turn made at the
    // same instant keep their order, since the app orders them by (created_at, id). The parents
    // are linked as the app links them, the chat showing the path to the file's current message.
    const ids = c.messages.map(() => randomUUID()).sort();
    const idOf = new Map(c.messages.map((m, n) => [m.key, ids[n]!]));
    // Only now (the conversation is new) are its images stored: a second import stores none.
    const imageKeys: string[][] = [];
    const contents: string[] = [];
    // The versions of an edited prompt share its images (as the app keeps them): stored once.
    const copied = new Map<string, string>();
    for (const [n, m] of c.messages.entries()) {
      const keys: string[] = [];
      let content = m.content;
      for (const image of m.images) {
        try {
          const same = image.url ?? createHash('sha256').update(image.bytes).digest('hex');
          const key = copied.get(same) ?? (await storeImportedImage(tem, storage, userId, image, stored));
          copied.set(same, key);
          keys.push(key);
          // An @image answer shows its picture by URL in its text: the copy's URL, not the exporter's.
          if (image.url) content = content.replaceAll(image.url, storage.privateUrlOf(key));
        } catch (err) {
          if (err instanceof AppError)
            throw new ImportProblem(
              `Conversation ${conversationIndex + 1}, message ${n + 1}: ${err.message} Nothing was imported.`,
            );
          throw err;
        }
      }
      imageKeys.push(keys);
      contents.push(content);
    }
    await tem.execute(
      `insert into messages (id, chat_id, parent_id, role, content, model, status, error, tokens, model_name,
                             images, sources, created_at, updated_at)
       select x.id, ?, x.parent_id, x.role, x.content, x.model, x.status, x.error, x.tokens, x.model_name,
              x.images, x.sources, x.created_at, x.created_at
         from json_to_recordset(?::json)
           as x(id uuid, parent_id uuid, role text, content text, model text, status text, error text,
                tokens int, model_name text, images text[], sources jsonb, created_at timestamptz, n int)
        order by x.n`,
      [
        chat!.id,
        JSON.stringify(
          c.messages.map((m, n) => ({
            id: ids[n],
            parent_id: m.parentKey === null ? null : idOf.get(m.parentKey),
            role: m.role,
            content: contents[n],
            model: m.model?.slice(0, 32) ?? null,
            status: m.status,
            error: m.error,
            tokens: m.tokens,
            model_name: m.modelName?.slice(0, 100) ?? null,
            images: imageKeys[n],
            sources: m.sources?.length ? m.sources : null,
            created_at: m.createdAt.toISOString(),
            n,
          })),
        ),
      ],
    );
    await tem.execute(`update chats set current_message_id = ? where id = ?`, [
      c.currentKey === null ? null : (idOf.get(c.currentKey) ?? null),
      chat!.id,
    ]);
    // Its compares (modules/compare/core/CompareTurn.ts), named by their messages' new ids.
    const compares = (c.compares ?? []).filter((t) =>
      [t.promptKey, ...t.answerKeys].every((k) => idOf.has(k)),
    );
    if (compares.length) {
      await tem.execute(
        `insert into compare_turns (id, user_id, chat_id, assistants, answer_ids, blind, mode, winner, tie, voted_at, created_at)
         select x.id, ?, ?, x.assistants, x.answer_ids, x.blind, ?, x.winner, x.tie, x.voted_at, m.created_at
           from json_to_recordset(?::json)
             as x(id uuid, assistants text[], answer_ids text[], blind boolean, winner text, tie boolean, voted_at timestamptz)
           join messages m on m.id = x.id and m.role = 'user'`,
        [
          userId,
          chat!.id,
          c.mode,
          JSON.stringify(
            compares.map((t) => ({
              id: idOf.get(t.promptKey),
              assistants: t.assistants,
              answer_ids: t.answerKeys.map((k) => idOf.get(k)),
              blind: t.blind,
              winner: t.winner,
              tie: t.tie,
              voted_at: t.votedAt?.toISOString() ?? null,
            })),
          ),
        ],
      );
    }
  }
  // Its canvas documents (modules/documents), each at its first version, in the file's order.
  if (c.documents?.length) {
    await tem.execute(
      `with made as (
         insert into documents (id, created_at, updated_at, chat_id, user_id, title, kind, language, content, version)
         select gen_random_uuid(), now() + d.n * interval '1 millisecond', now() + d.n * interval '1 millisecond',
                ?, ?, d.title, d.kind, d.language, d.content, 1
           from json_to_recordset(?::json) as d(title text, kind text, language text, content text, n int)
         returning id, title, content)
       insert into document_versions (document_id, version, title, content, source)
       select id, 1, title, content, 'create' from made`,
      [chat!.id, userId, JSON.stringify(c.documents.map((d, n) => ({ ...d, n })))],
    );
  }
  return c.messages.length;
}

/** What one import may hold (IMPORT_MAX_MESSAGES_PER_CHAT). */
export interface ImportLimits {
  maxMessagesPerChat: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL is what is removed
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text PostgreSQL can store: a NUL (`\u0000` in the file) is dropped and half of a surrogate pair
 * (a `\ud83d` without its other half) becomes U+FFFD, as a UTF-8 decoder does with a broken byte.
 * Either would make every insert of the import fail, again on each retry.
 */
export const storableText = (value: string): string =>
  value.replace(NUL, '').replace(LONE_SURROGATE, '\ufffd');

/** The archive parsed, its strings made storable (a BOM some editors add is skipped). */
function parseArchive(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\ufeff/, ''), (_key, value) =>
      typeof value === 'string' ? storableText(value) : value,
    );
  } catch {
    throw new ImportProblem(NOT_JSON);
  }
}

/**
 * A failure the same input would meet again (a value PostgreSQL refuses: SQLSTATE class 22, "data
 * exception"): the import fails at once with it instead of being retried.
 */
const isDataError = (err: unknown): err is Error =>
  err instanceof Error && /^22/.test(String((err as { code?: unknown }).code ?? ''));

/**
 * Runs one import (the `import_chats` job): reads the archive from storage (the api streamed it
 * there; legacy rows hold it in `source`), parses and checks it here, in time linear in its size,
 * and writes its chats. `em` reports progress on its own connection while the chats are written in
 * one transaction; the row turns completed in that same transaction. A problem with the file fails
 * the import once with the reason (never retried); only the unexpected (a lost connection) throws.
 */
export async function runImport(
  em: EntityManager,
  storage: Storage,
  importId: string,
  limits: ImportLimits,
): Promise<void> {
  const [row] = await em.execute<
    { user_id: string; format: ImportFormat; source: string | null; source_key: string | null }[]
  >(
    `update chat_imports set status = 'running', progress = 0
      where id = ? and status in ('queued', 'running') returning user_id, format, source, source_key`,
    [importId],
  );
  if (!row || (row.source === null && row.source_key === null)) return; // finished already, or gone
  // The images stored for this import: removed again if its transaction does not commit.
  const stored: string[] = [];
  try {
    const text = row.source ?? (await storage.read(row.source_key!)).toString('utf8');
    const conversations = conversationsOf(parseArchive(text), row.format);
    if (!conversations) throw new ImportProblem(`This file is not ${FORMAT_NAMES[row.format]}`);
    await em.transactional(async (tem) => {
      let chats = 0;
      let messages = 0;
      for (const [i, raw] of conversations.entries()) {
        let conversation: ImportedConversation;
        try {
          conversation = readConversation(row.format, raw);
        } catch (err) {
          if (err instanceof z.ZodError) throw new ImportProblem(describeIssue(err, i));
          throw err;
        }
        if (conversation.messages.length > limits.maxMessagesPerChat) {
          throw new ImportProblem(
            storedText(STORED_TEXTS.importTooManyMessages, {
              number: i + 1,
              count: conversation.messages.length,
              max: limits.maxMessagesPerChat,
            }),
          );
        }
        const written = await writeConversation(
          tem,
          storage,
          stored,
          i,
          row.user_id,
          row.format,
          conversation,
        );
        if (written !== null) {
          chats += 1;
          messages += written;
        }
        const progress = Math.floor(((i + 1) * 99) / conversations.length);
        // Outside the transaction (no context given): the owner sees it while the import runs.
        await em
          .getConnection()
          .execute('update chat_imports set progress = ? where id = ?', [progress, importId]);
      }
      await tem.execute(
        `update chat_imports set status = 'completed', progress = 100, chats_imported = ?, messages_imported = ?,
                source = null, source_key = null, finished_at = now() where id = ?`,
        [chats, messages, importId],
      );
    });
  } catch (err) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    if (err instanceof ImportProblem) {
      await failImport(em, storage, importId, err.message);
      return;
    }
    if (isDataError(err)) {
      logger.warn({ err, importId }, 'chat import refused by the database');
      await failImport(em, storage, importId, `This file has content that cannot be saved (${err.message}).`);
      return;
    }
    throw err;
  }
  if (row.source_key) await storage.delete(row.source_key).catch(() => undefined);
}

/** Marks an import failed (nothing of it was saved: its transaction rolled back) and drops its file. */
export async function failImport(
  em: EntityManager,
  storage: Pick<Storage, 'delete'>,
  importId: string,
  message: string,
): Promise<void> {
  logger.warn({ importId, message }, 'chat import failed');
  const [row] = await em.execute<{ key: string | null }[]>(
    `update chat_imports i set status = 'failed', error = ?, source = null, source_key = null, finished_at = now()
       from (select id, source_key as key from chat_imports where id = ? for update) old
      where i.id = old.id and i.status <> 'completed' returning old.key`,
    [message.slice(0, 1000), importId],
  );
  if (row?.key) await storage.delete(row.key).catch(() => undefined);
}
