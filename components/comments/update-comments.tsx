'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CommentDto } from '@/lib/comments/types';
import { CommentForm } from './comment-form';
import { authorName, CommentItem } from './comment-item';
import { postComment } from './comment-requests';
import { useCommentHash } from './use-comment-hash';
import { useComments, type CommentsState } from './use-comments';

type UpdateCommentsProps = {
  envolvementId: string;
  postId: string;
  /** The update's title, naming its comments for assistive technology. */
  title: string;
  /** A removed envolvement: its comments are read, not added to or changed. */
  readOnly: boolean;
};

type ThreadProps = UpdateCommentsProps & { comment: CommentDto; state: CommentsState; lit: string | null };

/** A top-level comment with its replies, and the reply form once asked for. */
function Thread({ comment, state, lit, envolvementId, postId, readOnly }: ThreadProps) {
  const [replying, setReplying] = useState(false);
  const replies = comment.replies ?? [];
  const shared = { readOnly, onEdited: state.edited, onDeleted: state.deleted };
  return (
    <CommentItem
      comment={comment}
      highlighted={lit === comment.id}
      onReply={comment.removed ? undefined : () => setReplying(true)}
      {...shared}
    >
      {(replies.length > 0 || replying) && (
        <div className="mt-1 ml-5 space-y-1 border-l-2 border-slate-100 pl-3 sm:ml-10">
          {replies.length > 0 && (
            <ul className="space-y-1" aria-label={`Replies to ${authorName(comment)}`}>
              {replies.map((reply) => (
                <CommentItem key={reply.id} comment={reply} highlighted={lit === reply.id} {...shared} />
              ))}
            </ul>
          )}
          {replying && !readOnly && (
            <div className="p-2">
              <CommentForm
                label={`Your reply to ${authorName(comment)}`}
                hideLabel
                placeholder={`Reply to ${authorName(comment)}…`}
                submitLabel="Reply"
                autoFocus
                onCancel={() => setReplying(false)}
                onSubmit={async (body) => {
                  state.added(await postComment(envolvementId, postId, body, comment.id));
                  setReplying(false);
                }}
              />
            </div>
          )}
        </div>
      )}
    </CommentItem>
  );
}

function ListFoot({ state }: { state: CommentsState }) {
  const { loaded, loading, more, error, items, loadMore } = state;
  return (
    <>
      {!loaded && loading && <p className="text-sm text-slate-500">Loading comments...</p>}
      {loaded && items.length === 0 && <p className="text-sm text-slate-500">No comments yet.</p>}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {(more || (error && !loaded)) && (
        <Button variant="secondary" size="sm" onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading...' : loaded ? 'Show more comments' : 'Try again'}
        </Button>
      )}
    </>
  );
}

/** An update's comments, oldest first with their replies, and the form that adds one. */
export function UpdateComments(props: UpdateCommentsProps) {
  const { envolvementId, postId, title, readOnly } = props;
  const state = useComments(envolvementId, postId);
  const lit = useCommentHash(state);
  return (
    <section aria-label={`Comments on ${title}`} className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <h4 className="text-sm font-semibold text-ink">Comments</h4>
      {state.items.length > 0 && (
        <ul className="space-y-1">
          {state.items.map((comment) => (
            <Thread key={comment.id} comment={comment} state={state} lit={lit} {...props} />
          ))}
        </ul>
      )}
      <ListFoot state={state} />
      {!readOnly && (
        <CommentForm
          label="Write a comment"
          hideLabel
          placeholder="Write a comment…"
          submitLabel="Comment"
          onSubmit={async (body) => state.added(await postComment(envolvementId, postId, body, null))}
        />
      )}
    </section>
  );
}
