import { describe, expect, it } from 'vitest';
import { graphqlNeed, restNeed, scopeRefusal } from './scopes.ts';

describe('token scopes', () => {
  it('map REST calls, first rule first, GETs to read, other writes to nothing', () => {
    expect(restNeed('GET', '/chats')).toBe('read');
    expect(restNeed('HEAD', '/files/1/download')).toBe('read');
    expect(restNeed('POST', '/chats/1/messages')).toBe('chat');
    expect(restNeed('POST', '/Chats/1/Messages/')).toBe('chat');
    expect(restNeed('POST', '/videos/generate')).toBe('video');
    expect(restNeed('POST', '/files')).toBe('files');
    expect(restNeed('GET', '/auth/status')).toBe('read');
    expect(restNeed('GET', '/auth/sessions')).toBe('session');
    expect(restNeed('GET', '/tokens')).toBe('session');
    expect(restNeed('DELETE', '/chats/1')).toBeNull();
    expect(restNeed('POST', '/auth/password')).toBe('session');
    // An answer's tool calls and voice go with chatting; connecting tool servers and assistants don't.
    expect(restNeed('POST', '/mcp/calls/1/approve')).toBe('chat');
    expect(restNeed('POST', '/mcp/calls/1/refuse')).toBe('chat');
    expect(restNeed('POST', '/audio/transcriptions')).toBe('chat');
    expect(restNeed('POST', '/audio/speech')).toBe('chat');
    expect(restNeed('POST', '/mcp/servers')).toBeNull();
    expect(restNeed('POST', '/assistants')).toBeNull();
    expect(restNeed('GET', '/assistants')).toBe('read');
  });

  it('map GraphQL root fields; subscriptions and token management need a session', () => {
    expect(graphqlNeed('query', 'chats')).toBe('read');
    expect(graphqlNeed('query', 'apiTokens')).toBe('session');
    expect(graphqlNeed('mutation', 'sendMessage')).toBe('chat');
    expect(graphqlNeed('mutation', 'createApiToken')).toBe('session');
    expect(graphqlNeed('mutation', 'logout')).toBeNull();
    expect(graphqlNeed('subscription', 'answerStream')).toBe('session');
    expect(graphqlNeed('mutation', '__typename')).toBe('read');
  });

  it('say which scope is missing, and refuse the whole operation for one field', () => {
    expect(scopeRefusal(['read'], { surface: 'rest', method: 'GET', path: '/chats' })).toBeNull();
    expect(scopeRefusal(['read'], { surface: 'rest', method: 'POST', path: '/videos/generate' })).toBe(
      'This API token lacks the "video" scope needed for POST /api/videos/generate',
    );
    expect(scopeRefusal(['read', 'chat'], { surface: 'rest', method: 'GET', path: '/tokens' })).toMatch(
      /^Managing API tokens/,
    );
    expect(
      scopeRefusal(['read'], { surface: 'graphql', operation: 'query', fields: ['me', 'apiTokens'] }),
    ).toMatch(/^Managing API tokens/);
    expect(
      scopeRefusal(['read', 'chat'], { surface: 'graphql', operation: 'mutation', fields: ['sendMessage'] }),
    ).toBeNull();
    expect(
      scopeRefusal(['read'], { surface: 'graphql', operation: 'subscription', fields: ['ping'] }),
    ).toMatch(/subscriptions/);
  });
});
