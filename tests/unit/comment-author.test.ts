import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommentItem } from '@/components/comments/comment-item';
import type { CommentDto } from '@/lib/comments/types';

const comment: CommentDto = {
  id: 'c1',
  postId: 'p1',
  parentId: null,
  body: 'See you Friday!',
  author: { id: 'local|maya', name: 'Maya Chen', nickname: 'mayacreates', picture: null },
  createdAt: '2026-03-07T12:00:00Z',
  editedAt: null,
  removed: false,
  mine: false,
  canDelete: true,
};

describe('a comment names its author as every page does', () => {
  it('shows the name the API sends, in the header and in what its buttons say, never the handle', () => {
    const html = renderToStaticMarkup(
      createElement(CommentItem, {
        comment,
        readOnly: false,
        highlighted: false,
        onEdited: () => {},
        onDeleted: () => {},
        onReply: () => {},
      }),
    );
    expect(html).toContain('>Maya Chen<');
    expect(html).toContain('aria-label="Reply to Maya Chen"');
    expect(html).toContain('aria-label="Remove Maya Chen&#x27;s comment"');
    expect(html).not.toContain('mayacreates');
  });
});
