import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122021253_foundation } from './Migration20261122021253_foundation.ts';
import { Migration20261122030000_user_change_notify } from './Migration20261122030000_user_change_notify.ts';
import { Migration20261122040000_chat } from './Migration20261122040000_chat.ts';
import { Migration20261122050000_memory } from './Migration20261122050000_memory.ts';
import { Migration20261122060000_files } from './Migration20261122060000_files.ts';
import { Migration20261122070000_video } from './Migration20261122070000_video.ts';
import { Migration20261122073000_social } from './Migration20261122073000_social.ts';
import { Migration20261122090000_billing } from './Migration20261122090000_billing.ts';
import { Migration20261123200000_post_search } from './Migration20261123200000_post_search.ts';
import { Migration20261124100000_streaming_answers } from './Migration20261124100000_streaming_answers.ts';
import { Migration20261125100000_public_media } from './Migration20261125100000_public_media.ts';
import { Migration20261125110000_video_providers } from './Migration20261125110000_video_providers.ts';
import { Migration20261125113000_account_security } from './Migration20261125113000_account_security.ts';
import { Migration20261125120000_two_factor } from './Migration20261125120000_two_factor.ts';
import { Migration20261125130000_chat_shares } from './Migration20261125130000_chat_shares.ts';
import { Migration20261125130000_chat_search } from './Migration20261125130000_chat_search.ts';
import { Migration20261125140500_chat_folders } from './Migration20261125140500_chat_folders.ts';
import { Migration20261125165500_video_sources } from './Migration20261125165500_video_sources.ts';
import { Migration20261125153000_message_branches } from './Migration20261125153000_message_branches.ts';
import { Migration20261125160000_list_paging } from './Migration20261125160000_list_paging.ts';
import { Migration20261125161500_message_owner } from './Migration20261125161500_message_owner.ts';
import { Migration20261125141000_chat_imports } from './Migration20261125141000_chat_imports.ts';
import { Migration20261125170000_message_tokens } from './Migration20261125170000_message_tokens.ts';
import { Migration20261125190000_second_factor_notify } from './Migration20261125190000_second_factor_notify.ts';
import { Migration20261125213000_message_owner_check } from './Migration20261125213000_message_owner_check.ts';
import { Migration20261126000000_memories_notify } from './Migration20261126000000_memories_notify.ts';
import { Migration20261128140000_kept_videos } from './Migration20261128140000_kept_videos.ts';
import { Migration20261128141000_email_undo } from './Migration20261128141000_email_undo.ts';
import { Migration20261128142000_import_source_key } from './Migration20261128142000_import_source_key.ts';
import { Migration20261129040000_compare } from './Migration20261129040000_compare.ts';
import { Migration20261129070000_knowledge } from './Migration20261129070000_knowledge.ts';
import { Migration20261129100000_source_search } from './Migration20261129100000_source_search.ts';
import { Migration20261129103000_chat_files } from './Migration20261129103000_chat_files.ts';
import { Migration20261129110000_knowledge_progress } from './Migration20261129110000_knowledge_progress.ts';
import { Migration20261129113000_documents } from './Migration20261129113000_documents.ts';
import { Migration20261129114500_shared_documents } from './Migration20261129114500_shared_documents.ts';
import { Migration20261129120000_file_folders } from './Migration20261129120000_file_folders.ts';
import { Migration20261129121500_document_search } from './Migration20261129121500_document_search.ts';
import { Migration20261129130000_staff } from './Migration20261129130000_staff.ts';
import { Migration20261129140000_reports } from './Migration20261129140000_reports.ts';
import { Migration20261129150000_trending } from './Migration20261129150000_trending.ts';
import { Migration20261129160000_follows } from './Migration20261129160000_follows.ts';
import { Migration20261128180000_dismissed_videos } from './Migration20261128180000_dismissed_videos.ts';
import { Migration20261129170000_notifications } from './Migration20261129170000_notifications.ts';

/**
 * Every migration in order. `npm run migration:create` writes a draft from entity changes; review
 * it (it also proposes dropping the tables and triggers no entity describes) and list it here.
 * One history for all modules, not one per module: tables reference other modules' tables (chats
 * name users and folders), so migrations need an order across modules, which one list gives.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122021253_foundation', class: Migration20261122021253_foundation },
  { name: 'Migration20261122030000_user_change_notify', class: Migration20261122030000_user_change_notify },
  { name: 'Migration20261122040000_chat', class: Migration20261122040000_chat },
  { name: 'Migration20261122050000_memory', class: Migration20261122050000_memory },
  { name: 'Migration20261122060000_files', class: Migration20261122060000_files },
  { name: 'Migration20261122070000_video', class: Migration20261122070000_video },
  { name: 'Migration20261122073000_social', class: Migration20261122073000_social },
  { name: 'Migration20261122090000_billing', class: Migration20261122090000_billing },
  { name: 'Migration20261123200000_post_search', class: Migration20261123200000_post_search },
  { name: 'Migration20261124100000_streaming_answers', class: Migration20261124100000_streaming_answers },
  { name: 'Migration20261125100000_public_media', class: Migration20261125100000_public_media },
  { name: 'Migration20261125110000_video_providers', class: Migration20261125110000_video_providers },
  { name: 'Migration20261125113000_account_security', class: Migration20261125113000_account_security },
  { name: 'Migration20261125120000_two_factor', class: Migration20261125120000_two_factor },
  { name: 'Migration20261125130000_chat_shares', class: Migration20261125130000_chat_shares },
  { name: 'Migration20261125130000_chat_search', class: Migration20261125130000_chat_search },
  { name: 'Migration20261125140500_chat_folders', class: Migration20261125140500_chat_folders },
  { name: 'Migration20261125141000_chat_imports', class: Migration20261125141000_chat_imports },
  { name: 'Migration20261125153000_message_branches', class: Migration20261125153000_message_branches },
  { name: 'Migration20261125160000_list_paging', class: Migration20261125160000_list_paging },
  { name: 'Migration20261125161500_message_owner', class: Migration20261125161500_message_owner },
  { name: 'Migration20261125165500_video_sources', class: Migration20261125165500_video_sources },
  { name: 'Migration20261125170000_message_tokens', class: Migration20261125170000_message_tokens },
  { name: 'Migration20261125190000_second_factor_notify', class: Migration20261125190000_second_factor_notify },
  { name: 'Migration20261125213000_message_owner_check', class: Migration20261125213000_message_owner_check },
  { name: 'Migration20261126000000_memories_notify', class: Migration20261126000000_memories_notify },
  { name: 'Migration20261128140000_kept_videos', class: Migration20261128140000_kept_videos },
  { name: 'Migration20261128141000_email_undo', class: Migration20261128141000_email_undo },
  { name: 'Migration20261128142000_import_source_key', class: Migration20261128142000_import_source_key },
  { name: 'Migration20261128180000_dismissed_videos', class: Migration20261128180000_dismissed_videos },
  { name: 'Migration20261129040000_compare', class: Migration20261129040000_compare },
  { name: 'Migration20261129070000_knowledge', class: Migration20261129070000_knowledge },
  { name: 'Migration20261129100000_source_search', class: Migration20261129100000_source_search },
  { name: 'Migration20261129103000_chat_files', class: Migration20261129103000_chat_files },
  { name: 'Migration20261129110000_knowledge_progress', class: Migration20261129110000_knowledge_progress },
  { name: 'Migration20261129113000_documents', class: Migration20261129113000_documents },
  { name: 'Migration20261129114500_shared_documents', class: Migration20261129114500_shared_documents },
  { name: 'Migration20261129120000_file_folders', class: Migration20261129120000_file_folders },
  { name: 'Migration20261129121500_document_search', class: Migration20261129121500_document_search },
  { name: 'Migration20261129130000_staff', class: Migration20261129130000_staff },
  { name: 'Migration20261129140000_reports', class: Migration20261129140000_reports },
  { name: 'Migration20261129150000_trending', class: Migration20261129150000_trending },
  { name: 'Migration20261129160000_follows', class: Migration20261129160000_follows },
  { name: 'Migration20261129170000_notifications', class: Migration20261129170000_notifications },
];
