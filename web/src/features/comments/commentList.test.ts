import { describe, expect, it } from 'vitest';
import { appendPage, countComments, removeComment, upsertComment } from './commentList';
import type { PostComment } from './commentsApi';

const comment = (id: string, parentId: string | null = null, body = id): PostComment => ({
  id,
  postId: 'p',
  parentId,
  body,
  author: { username: 'ada', displayName: null, avatar: null },
  createdAt: '2026-11-29T10:00:00.000Z',
  editedAt: null,
  edited: false,
  hidden: false,
  canEdit: false,
  canDelete: false,
  replies: [],
});

describe('the comment list', () => {
  it('adds a comment once, whether it came live or from its own post', () => {
    const once = upsertComment([comment('a')], comment('b'));
    expect(upsertComment(once, comment('b', null, 'edited')).map((c) => c.body)).toEqual(['a', 'edited']);
    expect(countComments(once)).toBe(2);
  });

  it('adds replies under their comment, and keeps replies when the comment is edited', () => {
    let list = upsertComment([comment('a')], comment('r1', 'a'));
    list = upsertComment(list, comment('r1', 'a', 'changed'));
    list = upsertComment(list, comment('a', null, 'a2'));
    expect(list).toEqual([{ ...comment('a', null, 'a2'), replies: [comment('r1', 'a', 'changed')] }]);
    // A reply to a comment not on the page is not shown.
    expect(upsertComment(list, comment('r2', 'zzz'))).toEqual(list);
  });

  it('can leave a new top-level comment for its later page', () => {
    expect(upsertComment([comment('a')], comment('b'), false).map((c) => c.id)).toEqual(['a']);
  });

  it('removes a comment with its replies, or one reply', () => {
    const list = [{ ...comment('a'), replies: [comment('r1', 'a'), comment('r2', 'a')] }, comment('b')];
    expect(removeComment(list, 'r1')[0]!.replies.map((r) => r.id)).toEqual(['r2']);
    expect(removeComment(list, 'a').map((c) => c.id)).toEqual(['b']);
    expect(countComments(list)).toBe(4);
  });

  it('appends a page without what is shown already', () => {
    expect(appendPage([comment('a'), comment('c')], [comment('b'), comment('c')]).map((c) => c.id)).toEqual([
      'a',
      'c',
      'b',
    ]);
  });
});
