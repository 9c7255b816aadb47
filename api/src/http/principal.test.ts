import { describe, expect, it } from 'vitest';
import { withoutUrlSecrets } from './principal.ts';

describe('withoutUrlSecrets', () => {
  it('blanks token and access_token query values for the request log, and nothing else', () => {
    expect(withoutUrlSecrets('/api/chats?token=chorus_pat_abc&limit=5')).toBe(
      '/api/chats?token=[hidden]&limit=5',
    );
    expect(withoutUrlSecrets('/graphql?query=x&access_token=chorus_pat_abc')).toBe(
      '/graphql?query=x&access_token=[hidden]',
    );
    expect(withoutUrlSecrets('/api/chats?limit=5')).toBe('/api/chats?limit=5');
    expect(withoutUrlSecrets('/api/x?mytoken=1')).toBe('/api/x?mytoken=1');
  });
});
