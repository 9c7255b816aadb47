import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { zodText } from '../../../platform/validation.ts';

export const FOLDER_NAME_MAX = 60;

const name = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: msg('Folder name is required') })
    .min(1, msg('Folder name cannot be empty'))
    .max(
      FOLDER_NAME_MAX,
      zodText(msg('Folder names are limited to {max} characters'), { max: FOLDER_NAME_MAX }),
    ),
);

export const createFolderInput = z.object({ name });

export const updateFolderInput = z
  .object({
    name: name.optional(),
    position: z
      .number({ error: msg('Position must be a number') })
      .int(msg('Position must be a whole number'))
      .min(0)
      .max(10_000)
      .optional(),
  })
  .refine((v) => v.name !== undefined || v.position !== undefined, { message: msg('Nothing to change') });

export const moveChatInput = z.object({
  folderId: z.string({ error: msg('folderId must be a folder id or null') }).nullable(),
});

export const pinChatInput = z.object({
  pinned: z.boolean({ error: msg('pinned must be true or false') }),
});
