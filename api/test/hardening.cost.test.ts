import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
  visit,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { insertLongChat } from '../../tests/support/longChat.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { wsClient } from '../../tests/support/ws.ts';
import type { RunningApp } from '../src/app.ts';
import { armor, GRAPHQL_LIMITS } from '../src/graphql/armor.ts';
import { COST_LIMITS, operationCost } from '../src/graphql/cost.ts';
import { buildSchema } from '../src/graphql/schema.ts';
import { modules } from '../src/modules/index.ts';

let app: RunningApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** `chats` chats of `perChat` messages each for the user, written in two statements. */
async function seedChats(userId: string, chats: number, perChat: number) {
  await db().query(
    `insert into chats (id, user_id, title, updated_at)
     select gen_random_uuid(), $1, 'Seeded chat ' || i, now() - i * interval '1 second'
       from generate_series(1, $2) i`,
    [userId, chats],
  );
  await db().query(
    `insert into messages (id, chat_id, role, model, content, created_at, updated_at)
     select gen_random_uuid(), c.id, case when i % 2 = 1 then 'user' else 'assistant' end,
            case when i % 2 = 1 then null else 'gpt' end, repeat('words and more words ', 20),
            now() - ($2::int - i) * interval '1 second', now()
       from chats c, generate_series(1, $2) i where c.user_id = $1`,
    [userId, perChat],
  );
}

describe('GraphQL cost limit', () => {
  it('refuses every chat with all its messages before running it, quickly', async () => {
    const me = await signedUpClient(app.url);
    await seedChats(me.userId, 100, 100);
    const started = performance.now();
    const res = await me.client.gql('{ chats { id messages { id content siblingIds } } }');
    const took = performance.now() - started;
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/Cost limit of \d+ exceeded/);
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      maxCost: COST_LIMITS.maxCost,
    });
    expect(took).toBeLessThan(500);
    // A page of them is fine.
    const page = await me.client.gql(
      '{ chatPage(first: 20) { chats { id messagePage(last: 20) { messages { id } } } } }',
    );
    expect(page.errors).toBeUndefined();
    expect(page.data.chatPage.chats).toHaveLength(20);
  });

  it('counts a page size given as a variable, and its default', async () => {
    const me = await signedUpClient(app.url);
    const query = 'query($n: Int) { chatPage(first: $n) { chats { id messages { id } } } }';
    const big = await me.client.gql(query, { n: 100 });
    expect(big.errors?.[0]?.message).toMatch(/Cost limit/);
    expect(big.status).toBe(400);
    const small = await me.client.gql(query, { n: 5 });
    expect(small.errors).toBeUndefined();
    // A variable's own default counts when the variable is not given.
    const defaulted = await me.client.gql(
      'query($n: Int = 100) { chatPage(first: $n) { chats { id messages { id } } } }',
    );
    expect(defaulted.errors?.[0]?.message).toMatch(/Cost limit/);
    // Without any, the schema's default page (50) counts: 50 chats x 500 messages.
    const schemaDefault = await me.client.gql('{ chatPage { chats { id messages { id } } } }');
    expect(schemaDefault.errors?.[0]?.message).toMatch(/Cost limit/);
  });

  it('refuses six aliases of an expensive field, which each alone may run', async () => {
    const me = await signedUpClient(app.url);
    const one = 'chats { id title messages(limit: 5) { id content } }';
    expect((await me.client.gql(`{ ${one} }`)).errors).toBeUndefined();
    const six = Array.from({ length: 6 }, (_, i) => `a${i}: ${one}`).join(' ');
    const res = await me.client.gql(`{ ${six} }`);
    expect(res.errors?.[0]?.message).toMatch(/Cost limit/);
    expect(res.data).toBeUndefined();
    // Nine aliases of anything are refused by the alias limit.
    const nine = Array.from({ length: 9 }, (_, i) => `a${i}: healthy`).join(' ');
    expect((await me.client.gql(`{ ${nine} }`)).errors?.[0]?.message).toMatch(/aliases limit/i);
  });

  it('answers an answer over GRAPHQL_MAX_RESPONSE_BYTES with an error instead', async () => {
    const small = await startTestApp({ GRAPHQL_MAX_RESPONSE_BYTES: String(64 * 1024) });
    try {
      const me = await signedUpClient(small.url);
      const connection = await db().connect();
      const chatId = await insertLongChat(connection, me.userId, {
        title: 'Long',
        texts: Array.from({ length: 300 }, (_, i) => `${i} ${'long words '.repeat(40)}`),
      }).finally(() => connection.release());
      const rows = [{ id: chatId }];
      const query = 'query($id: ID!, $n: Int) { messages(chatId: $id, limit: $n) { content } }';
      const fits = await me.client.gql(query, { id: rows[0]!.id, n: 20 });
      expect(fits.errors).toBeUndefined();
      const res = await me.client.gql(query, { id: rows[0]!.id, n: 300 });
      expect(res.text.length).toBeLessThan(1000);
      expect(res.data).toBeUndefined();
      expect(res.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
      // Over the socket as well.
      const client = wsClient(small.url, me.client.cookieHeader);
      const over = await new Promise<string>((resolve) => {
        client.subscribe(
          { query, variables: { id: rows[0]!.id, n: 300 } },
          {
            next: (v) => resolve(JSON.stringify(v)),
            error: (e) => resolve(JSON.stringify(e)),
            complete: () => {},
          },
        );
      });
      expect(over.length).toBeLessThan(1000);
      expect(over).toContain('RESPONSE_TOO_LARGE');
      await client.dispose();
    } finally {
      await small.close();
    }
  });

  it('holds over the WebSocket too', async () => {
    const me = await signedUpClient(app.url);
    const client = wsClient(app.url, me.client.cookieHeader);
    const errors = await new Promise<string>((resolve, reject) => {
      client.subscribe(
        {
          query: 'query($n: Int) { chatPage(first: $n) { chats { id messages { id } } } }',
          variables: { n: 100 },
        },
        {
          next: (v) => (v.errors ? resolve(JSON.stringify(v.errors)) : reject(new Error('executed'))),
          error: (e) => resolve(JSON.stringify(e)),
          complete: () => {},
        },
      );
    });
    expect(errors).toMatch(/Cost limit/);
    await client.dispose();
  });

  it('every operation of the web app passes the limits, with the variables it sends', () => {
    const schema = buildSchema(modules);
    const featuresDir = fileURLToPath(new URL('../../web/src/features/', import.meta.url));
    const definitions: DefinitionNode[] = [];
    for (const feature of readdirSync(featuresDir)) {
      let text: string;
      try {
        text = readFileSync(`${featuresDir}${feature}/graphql.ts`, 'utf8');
      } catch {
        continue;
      }
      for (const [, source] of text.matchAll(/graphql\(`([\s\S]*?)`\)/g)) {
        definitions.push(...parse(source!).definitions);
      }
    }
    const fragments = new Map(
      definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const operations = definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    expect(operations.length).toBeGreaterThan(40);
    // The largest pages the web asks for (MessagePane, SearchDialog, the community gallery).
    const variables = { limit: 50, first: 100, n: 100 };
    for (const operation of operations) {
      const used = new Map<string, FragmentDefinitionNode>();
      const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
        visit(node, {
          FragmentSpread(spread) {
            const fragment = fragments.get(spread.name.value);
            if (fragment && !used.has(fragment.name.value)) {
              used.set(fragment.name.value, fragment);
              collect(fragment);
            }
          },
        });
      collect(operation);
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operation, ...used.values()] };
      const cost = operationCost({ schema, document, variables });
      expect(cost, operation.name?.value).toBeLessThanOrEqual(COST_LIMITS.maxCost);
      expect(cost, operation.name?.value).toBeGreaterThan(0);
      const errors = validate(schema, document, [...specifiedRules, ...armor.validationRules]);
      expect(
        errors.map((e) => e.message),
        operation.name?.value,
      ).toEqual([]);
    }
    expect(GRAPHQL_LIMITS.maxAliases).toBeLessThan(15);
  });
});
