'use client';

import { useState } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import type { CommentDto } from '@/lib/comments/types';
import { deleteComment } from './comment-requests';

const LINK = 'rounded px-1 py-0.5 font-semibold text-slate-600 hover:bg-slate-100 hover:text-ink disabled:opacity-50';

type ActionsProps = {
  comment: CommentDto;
  readOnly: boolean;
  onReply?: () => void;
  onEdit: () => void;
  onDeleted: (id: string, kept: boolean) => void;
};

/** The second ask before a comment goes, and the call that deletes it. */
function ConfirmDelete({
  comment,
  onDeleted,
  onCancel,
}: Pick<ActionsProps, 'comment' | 'onDeleted'> & { onCancel: () => void }) {
  const { busy, error, run } = useApiAction();
  const name = comment.author.name;

  const confirm = () =>
    run({
      async send() {
        const { kept } = await deleteComment(comment.id);
        onDeleted(comment.id, kept);
      },
      // The comment leaves the list, and this question with it.
      leaves: true,
    });

  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-slate-700">{comment.mine ? 'Delete your comment?' : `Remove ${name}'s comment?`}</span>
        <button type="button" className={`${LINK} text-red-700`} onClick={() => void confirm()} disabled={busy}>
          {busy ? 'Deleting...' : comment.mine ? 'Yes, delete' : 'Yes, remove'}
        </button>
        <button type="button" className={LINK} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </p>
      <FormAlert message={error} className="mt-1" />
    </>
  );
}

/** 'Reply', 'Edit', and 'Delete' (one's own) or 'Remove' (the creator, on others'), asked twice. */
export function CommentActions({ comment, readOnly, onReply, onEdit, onDeleted }: ActionsProps) {
  const [confirming, setConfirming] = useState(false);
  if (readOnly || comment.removed) return null;
  const name = comment.author.name;
  if (confirming) {
    return (
      <div className="mt-1 -ml-1 text-xs">
        <ConfirmDelete comment={comment} onDeleted={onDeleted} onCancel={() => setConfirming(false)} />
      </div>
    );
  }
  return (
    <p className="mt-1 -ml-1 flex flex-wrap gap-2 text-xs">
      {onReply && (
        <button type="button" className={LINK} onClick={onReply} aria-label={`Reply to ${name}`}>
          Reply
        </button>
      )}
      {comment.mine && (
        <button type="button" className={LINK} onClick={onEdit} aria-label="Edit your comment">
          Edit
        </button>
      )}
      {comment.canDelete && (
        <button
          type="button"
          className={LINK}
          onClick={() => setConfirming(true)}
          aria-label={comment.mine ? 'Delete your comment' : `Remove ${name}'s comment`}
        >
          {comment.mine ? 'Delete' : 'Remove'}
        </button>
      )}
    </p>
  );
}
