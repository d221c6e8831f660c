'use client';

import { formatDayTime } from '@/lib/domain/dates';
import { useState, type ReactNode } from 'react';
import { Avatar } from '@/components/layout/avatar';
import { cn } from '@/components/ui/cn';
import type { CommentDto } from '@/lib/comments/types';
import { CommentActions } from './comment-actions';
import { CommentForm } from './comment-form';
import { editComment } from './comment-requests';

export const REMOVED_TEXT = 'This comment was removed.';

export const authorName = (comment: CommentDto) => comment.author.name;

type CommentItemProps = {
  comment: CommentDto;
  /** A removed envolvement: its comments are read, not changed. */
  readOnly: boolean;
  /** Opened from a notification's link: shown lit for a moment. */
  highlighted: boolean;
  onEdited: (comment: CommentDto) => void;
  onDeleted: (id: string, kept: boolean) => void;
  /** A top-level comment's 'Reply'. */
  onReply?: () => void;
  /** The replies and the reply form, under the comment. */
  children?: ReactNode;
};

function CommentHeader({ comment }: { comment: CommentDto }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="font-semibold break-all text-ink">{comment.removed ? 'Removed' : authorName(comment)}</span>
      <time dateTime={comment.createdAt} className="text-xs text-slate-500">
        {formatDayTime(comment.createdAt)}
      </time>
      {comment.editedAt && !comment.removed && <span className="text-xs text-slate-500">(edited)</span>}
    </p>
  );
}

function CommentBody({ comment }: { comment: CommentDto }) {
  if (comment.removed) return <p className="mt-0.5 text-sm text-slate-500 italic">{REMOVED_TEXT}</p>;
  return <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-700">{comment.body}</p>;
}

type EditFormProps = Pick<CommentItemProps, 'comment' | 'onEdited'> & { onClose: () => void };

function EditForm({ comment, onEdited, onClose }: EditFormProps) {
  return (
    <div className="mt-1">
      <CommentForm
        label="Text of your comment"
        hideLabel
        submitLabel="Save"
        initial={comment.body}
        autoFocus
        onCancel={onClose}
        onSubmit={async (body) => {
          onEdited(await editComment(comment.id, body));
          onClose();
        }}
      />
    </div>
  );
}

/** One comment: who wrote it and when, its text (or the form that edits it), and what the viewer may do. */
export function CommentItem({
  comment,
  readOnly,
  highlighted,
  onEdited,
  onDeleted,
  onReply,
  children,
}: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const name = authorName(comment);
  return (
    <li id={`comment-${comment.id}`} className="scroll-mt-24">
      <div
        data-highlighted={highlighted || undefined}
        className={cn(
          'flex gap-3 rounded-lg p-2 transition-colors duration-700',
          highlighted && 'bg-amber-50 ring-2 ring-amber-300',
        )}
      >
        {comment.removed ? (
          <span aria-hidden className="size-7 shrink-0 rounded-full bg-slate-200" />
        ) : (
          <Avatar name={name} picture={comment.author.picture} size={28} />
        )}
        <div className="min-w-0 flex-1">
          <CommentHeader comment={comment} />
          {editing ? (
            <EditForm comment={comment} onEdited={onEdited} onClose={() => setEditing(false)} />
          ) : (
            <CommentBody comment={comment} />
          )}
          {!editing && (
            <CommentActions
              comment={comment}
              readOnly={readOnly}
              onReply={onReply}
              onEdit={() => setEditing(true)}
              onDeleted={onDeleted}
            />
          )}
        </div>
      </div>
      {children}
    </li>
  );
}
