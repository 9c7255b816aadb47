import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

/**
 * GraphQL as a browser context's signed-in person, for what a journey sets up without clicking
 * (what it shows is the journey's; what it needs before is here). Errors fail the journey.
 */
export async function gqlAs(ctx: BrowserContext, query: string, variables: Record<string, unknown> = {}) {
  const body = await (await ctx.request.post('/graphql', { data: { query, variables } })).json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

export const whoIs = async (ctx: BrowserContext) =>
  (await gqlAs(ctx, '{ me { id username } }')).me as { id: string; username: string };

/** Makes A and B friends (A asks, B accepts) and opens their conversation; its id. */
export async function friendsWithConversation(
  ctxA: BrowserContext,
  ctxB: BrowserContext,
  b: { username: string },
): Promise<string> {
  const asked = await gqlAs(
    ctxA,
    'mutation($u: String!) { sendFriendRequest(username: $u) { friendship { id } } }',
    {
      u: b.username,
    },
  );
  await gqlAs(ctxB, 'mutation($id: ID!) { acceptFriendRequest(id: $id) { id } }', {
    id: asked.sendFriendRequest.friendship.id,
  });
  const a = await whoIs(ctxA);
  return (await gqlAs(ctxB, 'mutation($f: ID!) { openConversation(friendId: $f) { id } }', { f: a.id }))
    .openConversation.id as string;
}

/** A direct message from the context's person in `conversationId`. */
export const sendDm = (ctx: BrowserContext, conversationId: string, content: string) =>
  gqlAs(ctx, 'mutation($c: ID!, $t: String!) { sendDirectMessage(conversationId: $c, content: $t) { id } }', {
    c: conversationId,
    t: content,
  });
