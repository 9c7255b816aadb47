import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import type { HttpClient } from '../../tests/support/client.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import { SOCIAL_EVENTS, subscribe } from '../../tests/support/ws.ts';

type Person = Awaited<ReturnType<typeof signedUpClient>>;

async function makeFriends(x: Person, y: Person) {
  const { body } = await x.client.post('/api/friends/request', { username: y.username });
  await y.client.post(`/api/friendships/${body.friendship.id}/accept`);
}

const open = async (client: HttpClient, friendId: string) =>
  client.gql('mutation($f: ID!) { openConversation(friendId: $f) { id unreadCount participant { id } } }', {
    f: friendId,
  });
const send = (client: HttpClient, conversationId: string, content: string) =>
  client.gql(
    'mutation($c: ID!, $t: String!) { sendDirectMessage(conversationId: $c, content: $t) { id content senderId } }',
    {
      c: conversationId,
      t: content,
    },
  );
const conversations = async (client: HttpClient, search?: string) =>
  (
    await client.gql(
      'query($s: String) { conversations(search: $s) { id unreadCount participant { username } lastMessage { content senderId } } }',
      { s: search },
    )
  ).data.conversations;
const history = (client: HttpClient, conversationId: string, before?: string, limit?: number) =>
  client.gql(
    'query($c: ID!, $b: ID, $l: Int) { directMessages(conversationId: $c, before: $b, limit: $l) { hasMore messages { id content } } }',
    { c: conversationId, b: before, l: limit },
  );

describe('direct messages', () => {
  const app = useTestApp();

  it('only between friends; unread counts, last message, opening marks read', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedUpClient(app.url)));
    const notFriends = await open(a!.client, b!.userId);
    expect(notFriends.errors?.[0]).toMatchObject({
      message: 'You can only message your friends',
      extensions: { code: 'FORBIDDEN' },
    });
    await makeFriends(a!, b!);
    const conv = (await open(a!.client, b!.userId)).data.openConversation;
    // The same thread from both sides.
    expect((await open(b!.client, a!.userId)).data.openConversation.id).toBe(conv.id);

    await send(a!.client, conv.id, 'Hello B');
    const second = await send(a!.client, conv.id, '  How are you?  ');
    expect(second.data.sendDirectMessage).toMatchObject({ content: 'How are you?', senderId: a!.userId });
    const empty = await send(a!.client, conv.id, '   ');
    expect(empty.errors?.[0]).toMatchObject({ message: 'Message cannot be empty' });

    expect(await conversations(b!.client)).toEqual([
      {
        id: conv.id,
        unreadCount: 2,
        participant: { username: a!.username },
        lastMessage: { content: 'How are you?', senderId: a!.userId },
      },
    ]);
    // Your own messages are never unread to you.
    expect((await conversations(a!.client))[0].unreadCount).toBe(0);
    expect((await b!.client.gql('{ unreadMessageCount }')).data.unreadMessageCount).toBe(2);

    const read = await b!.client.gql(
      'mutation($c: ID!) { markConversationRead(conversationId: $c) { unreadCount } }',
      {
        c: conv.id,
      },
    );
    expect(read.data.markConversationRead.unreadCount).toBe(0);
    expect((await conversations(b!.client))[0].unreadCount).toBe(0);

    // C is nobody in this conversation: it does not exist for them.
    expect(await conversations(c!.client)).toEqual([]);
    expect((await history(c!.client, conv.id)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await send(c!.client, conv.id, 'intruding')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const cRead = await c!.client.gql(
      'mutation($c: ID!) { markConversationRead(conversationId: $c) { id } }',
      {
        c: conv.id,
      },
    );
    expect(cRead.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(
      (await c!.client.gql('query($c: ID!) { conversation(id: $c) { id } }', { c: conv.id })).data
        .conversation,
    ).toBe(null);
    expect((await c!.client.get(`/api/conversations/${conv.id}/messages`)).status).toBe(404);
  });

  it('three people: each pair sees only its own conversation', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedUpClient(app.url)));
    await makeFriends(a!, b!);
    await makeFriends(a!, c!);
    await makeFriends(b!, c!);
    const ab = (await open(a!.client, b!.userId)).data.openConversation.id;
    const ac = (await open(a!.client, c!.userId)).data.openConversation.id;
    await send(a!.client, ab, 'for B only');
    await send(a!.client, ac, 'for C only');
    expect(
      (await conversations(b!.client)).map(
        (x: { lastMessage: { content: string } }) => x.lastMessage.content,
      ),
    ).toEqual(['for B only']);
    expect(
      (await conversations(c!.client)).map(
        (x: { lastMessage: { content: string } }) => x.lastMessage.content,
      ),
    ).toEqual(['for C only']);
    expect((await history(b!.client, ac)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await history(c!.client, ab)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // A sees both, newest first.
    expect((await conversations(a!.client)).map((x: { id: string }) => x.id)).toEqual([ac, ab]);
  });

  it('search matches names and message text; history is paged oldest first', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedUpClient(app.url)));
    await makeFriends(a!, b!);
    await makeFriends(a!, c!);
    const ab = (await open(a!.client, b!.userId)).data.openConversation.id;
    const ac = (await open(a!.client, c!.userId)).data.openConversation.id;
    for (let i = 1; i <= 7; i++) await send(i % 2 ? a!.client : b!.client, ab, `message ${i}`);
    await send(a!.client, ac, 'pizza tonight? 100%_sure');
    expect(
      (await conversations(a!.client, b!.username.toUpperCase())).map((x: { id: string }) => x.id),
    ).toEqual([ab]);
    expect((await conversations(a!.client, 'PIZZA')).map((x: { id: string }) => x.id)).toEqual([ac]);
    expect((await conversations(a!.client, '100%_')).map((x: { id: string }) => x.id)).toEqual([ac]);
    expect(await conversations(a!.client, '%%%')).toEqual([]);

    const page1 = (await history(a!.client, ab, undefined, 3)).data.directMessages;
    expect(page1.messages.map((m: { content: string }) => m.content)).toEqual([
      'message 5',
      'message 6',
      'message 7',
    ]);
    expect(page1.hasMore).toBe(true);
    const page2 = (await history(a!.client, ab, page1.messages[0].id, 3)).data.directMessages;
    expect(page2.messages.map((m: { content: string }) => m.content)).toEqual([
      'message 2',
      'message 3',
      'message 4',
    ]);
    const page3 = (await history(b!.client, ab, page2.messages[0].id, 3)).data.directMessages;
    expect(page3).toMatchObject({ hasMore: false, messages: [{ content: 'message 1' }] });
    // REST reads the same pages.
    const rest = await b!.client.get(`/api/conversations/${ab}/messages?limit=2`);
    expect(rest.body.messages.map((m: { content: string }) => m.content)).toEqual(['message 6', 'message 7']);
  });

  it('delivers a message live to the other person and nobody else', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedUpClient(app.url)));
    await makeFriends(a!, b!);
    const conv = (await open(a!.client, b!.userId)).data.openConversation.id;
    const bLive = subscribe(app, b!.client.cookieHeader, SOCIAL_EVENTS);
    const cLive = subscribe(app, c!.client.cookieHeader, SOCIAL_EVENTS);
    await Promise.all([bLive.ready, cLive.ready]);
    await new Promise((r) => setTimeout(r, 300));
    try {
      const sent = (await send(a!.client, conv, 'Are you there?')).data.sendDirectMessage;
      await expect.poll(() => bLive.events.length).toBe(1);
      expect(bLive.events[0].socialEvents).toMatchObject({
        kind: 'message',
        conversationId: conv,
        message: { id: sent.id, content: 'Are you there?', senderId: a!.userId },
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(cLive.events).toEqual([]);
    } finally {
      await Promise.all([bLive.close(), cLive.close()]);
    }
  });

  it('after unfriending, history stays readable but nobody can write', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => signedUpClient(app.url)));
    await makeFriends(a!, b!);
    const conv = (await open(a!.client, b!.userId)).data.openConversation.id;
    await send(b!.client, conv, 'bye');
    await a!.client.request('DELETE', `/api/friends/${b!.userId}`);
    expect((await send(a!.client, conv, 'wait')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rest = await b!.client.post(`/api/conversations/${conv}/messages`, { content: 'hello?' });
    expect(rest.status).toBe(403);
    expect((await history(a!.client, conv)).data.directMessages.messages).toHaveLength(1);
  });
});
