'use client';

import { usePageRefresh } from '@/components/layout/viewer-context';
import { useState } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { Switch } from '@/components/ui/switch';

export const OPENED_MESSAGE = 'Submissions opened successfully! Please refresh the page to see changes.';

function EmptyTrayIllustration() {
  return (
    <svg viewBox="0 0 120 80" width="120" height="80" aria-hidden>
      <rect x="10" y="16" width="100" height="56" rx="8" fill="#e9e5ff" />
      <rect x="24" y="8" width="72" height="48" rx="6" fill="#fff" stroke="#b6a6ff" strokeWidth="2" />
      <path d="M36 24h48M36 34h36M36 44h24" stroke="#9175ff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

type Types = { picture: boolean; description: boolean; url: boolean };

type SettingsProps = {
  types: Types;
  setTypes: (update: (types: Types) => Types) => void;
  busy: boolean;
  message: Status;
  onPublish: () => void;
  onCancel: () => void;
};

/** 'Submission Settings': the kinds of submission to accept, then 'Publish'. */
function SubmissionSettings({ types, setTypes, busy, message, onPublish, onCancel }: SettingsProps) {
  const none = !(types.picture || types.description || types.url);
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h3 className="text-lg font-bold text-ink">Submission Settings</h3>
      <Switch
        id="allow-picture"
        label="Allow Picture Submissions"
        checked={types.picture}
        onChange={(v) => setTypes((t) => ({ ...t, picture: v }))}
      />
      <Switch
        id="allow-description"
        label="Allow Description Submissions"
        checked={types.description}
        onChange={(v) => setTypes((t) => ({ ...t, description: v }))}
      />
      <Switch
        id="allow-url"
        label="Allow Url Submissions"
        checked={types.url}
        onChange={(v) => setTypes((t) => ({ ...t, url: v }))}
      />
      {none && <p className="text-xs text-slate-500">Choose at least one kind of submission to publish.</p>}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onPublish} disabled={busy || none}>
          {busy ? 'Publishing...' : 'Publish'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
      <StatusMessage status={message} />
    </div>
  );
}

/**
 * The creator's 'Nothing here yet' → 'Open Submissions' → 'Submission Settings' → 'Publish'.
 * Success is reported to the parent: the refresh replaces this panel with the review board.
 */
export function OpenSubmissions({
  envolvementId,
  onOpened,
}: {
  envolvementId: string;
  onOpened: (status: Status) => void;
}) {
  const refresh = usePageRefresh();
  const [settings, setSettings] = useState(false);
  const [types, setTypes] = useState<Types>({ picture: false, description: false, url: false });
  const { busy, status, run } = useApiAction({ message: () => 'An error occurred while opening submissions.' });

  const publish = () =>
    run({
      async send() {
        await api(`/api/user_submissions/open-submissions/${envolvementId}`, { json: types });
        onOpened({ ok: true, text: OPENED_MESSAGE });
        refresh();
      },
    });

  if (!settings) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 p-10 text-center">
        <EmptyTrayIllustration />
        <p className="mt-4 font-semibold text-ink">Nothing here yet</p>
        <Button className="mt-4" onClick={() => setSettings(true)}>
          Open Submissions
        </Button>
      </div>
    );
  }
  return (
    <SubmissionSettings
      types={types}
      setTypes={setTypes}
      busy={busy}
      message={status()}
      onPublish={() => void publish()}
      onCancel={() => setSettings(false)}
    />
  );
}
