import { Migration } from '@mikro-orm/migrations';

/**
 * A message's owner (`messages.user_id`, the search's key) may be written with the message when its
 * chat is made by the same statement: the send path saves a new chat, its prompt and its answer in
 * one statement (chat/core/promptSave.ts), and a row trigger running before the insert cannot see a
 * chat made by that statement. So the owner is still taken from the chat whenever the chat can be
 * seen (whatever the writer claimed), kept as written otherwise, and checked against the chat once
 * the statement has run, when it can. The rule is unchanged: a message's owner is its chat's owner.
 */
export class Migration20261125213000_message_owner_check extends Migration {
  override up(): void {
    this.addSql(`create or replace function messages_set_owner() returns trigger language plpgsql as $$
      declare
        owner uuid;
      begin
        select c."user_id" into owner from "chats" c where c."id" = new."chat_id";
        if found then
          new."user_id" := owner;
        end if;
        return new;
      end $$;`);
    this.addSql(`create or replace function messages_check_owner() returns trigger language plpgsql as $$
      begin
        if not exists (select 1 from "chats" c where c."id" = new."chat_id" and c."user_id" = new."user_id") then
          raise exception 'a message''s owner must be its chat''s owner' using errcode = '23514';
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger messages_check_owner after insert or update of "chat_id", "user_id" on "messages"
      for each row execute function messages_check_owner();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists messages_check_owner on "messages";`);
    this.addSql(`drop function if exists messages_check_owner();`);
    this.addSql(`create or replace function messages_set_owner() returns trigger language plpgsql as $$
      begin
        select c."user_id" into new."user_id" from "chats" c where c."id" = new."chat_id";
        return new;
      end $$;`);
  }
}
