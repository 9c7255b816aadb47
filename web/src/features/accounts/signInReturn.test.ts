import { describe, expect, it } from 'vitest';
import { afterSignInPath, signInAndReturn } from './signInReturn';

describe('afterSignInPath', () => {
  it('comes back to a path of this site', () => {
    expect(afterSignInPath('/videos/a-fox-1')).toBe('/videos/a-fox-1');
    expect(
      afterSignInPath(new URLSearchParams(signInAndReturn('/videos/a b?x=1').split('?')[1]).get('next')),
    ).toBe('/chat');
    expect(afterSignInPath('/videos/a%20b?x=1')).toBe('/videos/a%20b?x=1');
  });

  it('goes to the chat for anything else, never off-site', () => {
    for (const next of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(afterSignInPath(next)).toBe('/chat');
    }
  });
});
