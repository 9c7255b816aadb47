import type pg from 'pg';

/**
 * A long chat written straight into the database, for the paging journey and `npm run bench paging`
 * (sending thousands of messages through the api would take minutes): `title`, with one message
 * for each of `texts`, each the reply to the one before (odd ones the user's, even ones gpt's), a
 * second apart and the last one now; the chat shows that last one. Its id. Versions beside the
 * path and other chats are each caller's own.
 */
export async function insertLongChat(
  db: pg.ClientBase,
  userId: string,
  { title, texts }: { title: string; texts: string[] },
): Promise<string> {
  const {
    rows: [chat],
  } = await db.query<{ id: string }>(
    'insert into chats (id, user_id, title) values (gen_random_uuid(), $1, $2) returning id',
    [userId, title],
  );
  const chatId = chat!.id;
  await db.query(
    `with ids as (select i, content, gen_random_uuid() as id from unnest($2::text[]) with ordinality t(content, i))
     insert into messages (id, chat_id, parent_id, role, model, content, created_at, updated_at)
     select id, $1, lag(id) over (order by i), case when i % 2 = 1 then 'user' else 'assistant' end,
            case when i % 2 = 1 then null else 'gpt' end, content, now() - ($3::int - i) * interval '1 second', now()
       from ids`,
    [chatId, texts, texts.length],
  );
  await db.query(
    `update chats set current_message_id = (select id from messages where chat_id = $1 order by created_at desc limit 1)
      where id = $1`,
    [chatId],
  );
  return chatId;
}
