'use client';

import { usePageRefresh } from '@/components/layout/viewer-context';
import { useState } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { Avatar } from '@/components/layout/avatar';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ExternalLink } from '@/components/ui/external-link';
import { StatusMessage } from '@/components/ui/status-message';
import { api } from '@/lib/api-client';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '@/lib/domain/submission-status';
import { STATUS_LABELS } from './status-labels';

export type ReviewEntry = {
  userID: string;
  username: string;
  pfp: string | null;
  picture: string;
  description: string;
  url: string;
  status: SubmissionStatus;
};

// One column template for the header and every row, so the radios line up under their names.
const COLUMNS = 'sm:grid-cols-[minmax(0,1fr)_repeat(4,5.5rem)_2.5rem]';

const progressOf = (status: SubmissionStatus) => Object.fromEntries(SUBMISSION_STATUSES.map((s) => [s, s === status]));

type ReviewBoardProps = {
  envolvementId: string;
  entries: ReviewEntry[];
  /** Shown as it stands, with nothing to change (the envolvement was removed). */
  readOnly?: boolean;
};

/** What one submitter sent: the picture, the text and the link. */
function SubmissionPanel({ id, entry }: { id: string; entry: ReviewEntry }) {
  return (
    <div id={id} className="mt-3 space-y-3 rounded-lg bg-slate-50 p-4 text-sm">
      {entry.picture && (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={entry.picture} alt={`Submitted by ${entry.username}`} className="max-h-72 max-w-full rounded-lg" />
      )}
      {entry.description && <p className="break-words whitespace-pre-line text-slate-700">{entry.description}</p>}
      {entry.url && (
        <ExternalLink href={entry.url} userContent className="block break-all text-brand-700 underline">
          {entry.url}
        </ExternalLink>
      )}
      {!entry.picture && !entry.description && !entry.url && <p className="text-slate-500">Nothing was sent.</p>}
    </div>
  );
}

type RowProps = {
  entry: ReviewEntry;
  status: SubmissionStatus;
  readOnly: boolean;
  expanded: boolean;
  onStatus: (status: SubmissionStatus) => void;
  onToggle: () => void;
};

/** A submitter with one radio per status and the button that shows what they sent. */
function ReviewRow({ entry, status, readOnly, expanded, onStatus, onToggle }: RowProps) {
  const panelId = `submission-${entry.userID}`;
  return (
    <li data-testid="submission-row" className="px-4 py-3">
      <div className={cn('grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-3', COLUMNS)}>
        <span className="flex min-w-0 items-center gap-2 font-medium text-ink">
          <Avatar name={entry.username} picture={entry.pfp} size={28} />
          <span className="truncate">{entry.username}</span>
        </span>
        <fieldset className="order-3 col-span-2 grid grid-cols-2 gap-2 sm:order-none sm:col-span-4 sm:grid-cols-4 sm:gap-2">
          <legend className="sr-only">Status of {entry.username}</legend>
          {SUBMISSION_STATUSES.map((s) => (
            <label
              key={s}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50 sm:justify-center sm:border-0 sm:p-1 sm:has-[:checked]:bg-transparent"
            >
              <input
                type="radio"
                name={`status-${entry.userID}`}
                aria-label={`${STATUS_LABELS[s]} for ${entry.username}`}
                className="h-4 w-4 accent-brand-600"
                checked={status === s}
                disabled={readOnly}
                onChange={() => onStatus(s)}
              />
              <span className="sm:sr-only">{STATUS_LABELS[s]}</span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          aria-label={`${expanded ? 'Hide' : 'Show'} submission of ${entry.username}`}
          onClick={onToggle}
          className="h-8 w-8 justify-self-end rounded-full border border-slate-300 font-bold text-slate-700 hover:bg-slate-50"
        >
          {expanded ? '−' : '+'}
        </button>
      </div>
      {expanded && <SubmissionPanel id={panelId} entry={entry} />}
    </li>
  );
}

function ReviewHeader() {
  return (
    <div
      aria-hidden
      className={cn('hidden gap-2 bg-slate-50 px-4 py-2.5 text-xs font-medium text-slate-500 sm:grid', COLUMNS)}
    >
      <span>Submitter</span>
      {SUBMISSION_STATUSES.map((s) => (
        <span key={s} className="text-center">
          {STATUS_LABELS[s]}
        </span>
      ))}
      <span />
    </div>
  );
}

/** The creator's choices, saved together; anyone not edited shows what the server says. */
function useReview(envolvementId: string, entries: ReviewEntry[]) {
  const refresh = usePageRefresh();
  const [edits, setEdits] = useState<Record<string, SubmissionStatus>>({});
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const { busy, status, run } = useApiAction({ message: () => 'An error occurred while updating progress.' });
  const statusOf = (entry: ReviewEntry) => edits[entry.userID] ?? entry.status;
  const setStatus = (userID: string, status: SubmissionStatus) => setEdits((all) => ({ ...all, [userID]: status }));
  const toggle = (userID: string) => setOpen((o) => ({ ...o, [userID]: !o[userID] }));

  async function save() {
    const progress = entries.map((entry) => ({ userID: entry.userID, progress: progressOf(statusOf(entry)) }));
    const outcome = await run({
      send: () =>
        api(`/api/user_submissions/update-submission-status/${envolvementId}`, {
          json: { SubmissionProgressArray: progress },
        }),
    });
    if (outcome === 'sent') refresh();
  }

  const message = status('Progress updated successfully!');
  return { open, message, busy, statusOf, setStatus, toggle, save };
}

/** 'Current Submissions:' with one radio per status for every submitter, saved together. */
export function ReviewBoard({ envolvementId, entries, readOnly = false }: ReviewBoardProps) {
  const { open, message, busy, statusOf, setStatus, toggle, save } = useReview(envolvementId, entries);
  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold text-ink">Current Submissions:</h3>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
          No one has sent a submission yet.
        </p>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <ReviewHeader />
          <ul className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <ReviewRow
                key={entry.userID}
                entry={entry}
                status={statusOf(entry)}
                readOnly={readOnly}
                expanded={Boolean(open[entry.userID])}
                onStatus={(status) => setStatus(entry.userID, status)}
                onToggle={() => toggle(entry.userID)}
              />
            ))}
          </ul>
        </div>
      )}
      {entries.length > 0 && !readOnly && (
        <Button onClick={() => void save()} disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      )}
      <StatusMessage status={message} />
    </div>
  );
}
