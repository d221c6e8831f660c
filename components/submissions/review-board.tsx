'use client';

import { useState } from 'react';
import { Avatar } from '@/components/layout/avatar';
import { Button } from '@/components/ui/button';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '@/models/submissions';

export type ReviewEntry = {
  userID: string;
  username: string;
  pfp: string | null;
  picture: string;
  description: string;
  url: string;
  status: SubmissionStatus;
};

const LABELS: Record<SubmissionStatus, string> = { inReview: 'In-Review', approved: 'Approved', denied: 'Denied', completed: 'Completed' };

const progressOf = (status: SubmissionStatus) => Object.fromEntries(SUBMISSION_STATUSES.map((s) => [s, s === status]));

/** 'Current Submissions:' with one radio per status for every submitter, saved together. */
export function ReviewBoard({ envolvementId, entries }: { envolvementId: string; entries: ReviewEntry[] }) {
  const [statuses, setStatuses] = useState(() => Object.fromEntries(entries.map((e) => [e.userID, e.status])));
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [message, setMessage] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch(`/api/user_submissions/update-submission-status/${envolvementId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          SubmissionProgressArray: Object.entries(statuses).map(([userID, status]) => ({ userID, progress: progressOf(status) })),
        }),
      });
      if (!response.ok) throw new Error(String(response.status));
      setMessage({ ok: true, text: 'Progress updated successfully!' });
    } catch {
      setMessage({ ok: false, text: 'An error occurred while updating progress.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold text-ink">Current Submissions:</h3>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">No one has sent a submission yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-sm">
            <thead className="bg-slate-50 text-left text-xs text-slate-500">
              <tr>
                <th className="p-3 font-medium">Submitter</th>
                {SUBMISSION_STATUSES.map((s) => (
                  <th key={s} className="p-3 text-center font-medium">
                    {LABELS[s]}
                  </th>
                ))}
                <th className="p-3" />
              </tr>
            </thead>
            {entries.map((entry) => (
              <tbody key={entry.userID} className="border-t border-slate-100" data-testid="submission-row">
                <tr>
                  <td className="p-3">
                    <span className="flex items-center gap-2 font-medium text-ink">
                      <Avatar name={entry.username} picture={entry.pfp} size={28} />
                      {entry.username}
                    </span>
                  </td>
                  {SUBMISSION_STATUSES.map((s) => (
                    <td key={s} className="p-3 text-center">
                      <input
                        type="radio"
                        name={`status-${entry.userID}`}
                        aria-label={`${LABELS[s]} for ${entry.username}`}
                        className="h-4 w-4 accent-brand-600"
                        checked={statuses[entry.userID] === s}
                        onChange={() => setStatuses((all) => ({ ...all, [entry.userID]: s }))}
                      />
                    </td>
                  ))}
                  <td className="p-3 text-right">
                    <button
                      type="button"
                      aria-expanded={Boolean(open[entry.userID])}
                      aria-label={`${open[entry.userID] ? 'Hide' : 'Show'} submission of ${entry.username}`}
                      onClick={() => setOpen((o) => ({ ...o, [entry.userID]: !o[entry.userID] }))}
                      className="h-7 w-7 rounded-full border border-slate-300 font-bold text-slate-700 hover:bg-slate-50"
                    >
                      {open[entry.userID] ? '-' : '+'}
                    </button>
                  </td>
                </tr>
                {open[entry.userID] && (
                  <tr>
                    <td colSpan={6} className="space-y-2 bg-slate-50 p-4">
                      {entry.picture && (
                        // eslint-disable-next-line @next/next/no-img-element
                        <img src={entry.picture} alt={`Submitted by ${entry.username}`} className="max-h-60 rounded-lg" />
                      )}
                      {entry.description && <p className="whitespace-pre-line text-slate-700">{entry.description}</p>}
                      {entry.url && (
                        <a href={entry.url} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 underline">
                          {entry.url}
                        </a>
                      )}
                    </td>
                  </tr>
                )}
              </tbody>
            ))}
          </table>
        </div>
      )}
      {entries.length > 0 && (
        <Button onClick={save} disabled={busy}>
          Save Changes
        </Button>
      )}
      <StatusMessage status={message} />
    </div>
  );
}
