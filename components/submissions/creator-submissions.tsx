'use client';

import { useState } from 'react';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { OpenSubmissions } from './open-submissions';
import { ReviewBoard, type ReviewEntry } from './review-board';

type CreatorSubmissionsProps = {
  envolvementId: string;
  active: boolean;
  entries: ReviewEntry[];
  accepts: string[];
  /** Removed by the creator: submissions stay readable and nothing changes them. */
  removed: boolean;
};

/**
 * The creator's side of the tab. It keeps the 'opened' message across the refresh
 * that swaps the settings panel for the review board.
 */
export function CreatorSubmissions({ envolvementId, active, entries, accepts, removed }: CreatorSubmissionsProps) {
  const [opened, setOpened] = useState<Status>(null);
  return (
    <div className="space-y-4">
      <StatusMessage status={opened} />
      {active ? (
        <>
          {accepts.length > 0 && <p className="text-sm text-slate-600">Members can send: {accepts.join(', ')}.</p>}
          <ReviewBoard envolvementId={envolvementId} entries={entries} readOnly={removed} />
        </>
      ) : removed ? (
        <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-600">
          Submissions were never opened on this envolvement.
        </p>
      ) : (
        <OpenSubmissions envolvementId={envolvementId} onOpened={setOpened} />
      )}
    </div>
  );
}
