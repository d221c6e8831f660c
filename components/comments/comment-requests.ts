// The comment API as the Activity tab calls it.
import { api } from '@/lib/api-client';
import type { CommentDto, CommentPage, DeletedComment } from '@/lib/comments/types';

const commentsPath = (envolvementId: string, postId: string) => `/api/post/${envolvementId}/updates/${postId}/comments`;

export function fetchComments(envolvementId: string, postId: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api<CommentPage>(`${commentsPath(envolvementId, postId)}${query}`, { signal });
}

export function postComment(envolvementId: string, postId: string, body: string, parentId: string | null) {
  return api<CommentDto>(commentsPath(envolvementId, postId), {
    json: parentId ? { body, parentId } : { body },
    fallback: 'Could not post your comment. Please try again.',
  });
}

export function deleteComment(id: string) {
  return api<DeletedComment>(`/api/comments/${id}`, { method: 'DELETE', fallback: 'Could not delete the comment.' });
}

export function editComment(id: string, body: string) {
  return api<CommentDto>(`/api/comments/${id}`, {
    method: 'PATCH',
    json: { body },
    fallback: 'Could not save your comment. Please try again.',
  });
}
