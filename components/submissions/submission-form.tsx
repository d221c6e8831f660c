'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { ImageUploader } from '@/components/envolvement/image-uploader';
import { Button } from '@/components/ui/button';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { Field, Input, Textarea } from '@/components/ui/field';
import type { SubmissionStatus } from '@/models/submissions';

const STATUS_LABELS: Record<SubmissionStatus, string> = { inReview: 'In-Review', approved: 'Approved', denied: 'Denied', completed: 'Completed' };

type SubmissionFormProps = {
  envolvementId: string;
  allowed: { picture: boolean; description: boolean; url: boolean };
  instructions: string;
  initial: { description: string; picture: string; url: string } | null;
  status: SubmissionStatus | null;
};

/** A joined user's 'Your Submission' form, with only the allowed fields. */
export function SubmissionForm({ envolvementId, allowed, instructions, initial, status }: SubmissionFormProps) {
  const router = useRouter();
  const [description, setDescription] = useState(initial?.description ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [picture, setPicture] = useState(initial?.picture ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setFields({});
    try {
      const response = await fetch(`/api/user_submissions/post-user-submission/${envolvementId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...(allowed.description ? { description } : {}),
          ...(allowed.url ? { url } : {}),
          ...(allowed.picture && picture ? { picture } : {}),
        }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { fields?: Record<string, string> };
        setFields(body.fields ?? {});
        throw new Error(String(response.status));
      }
      setMessage({ ok: true, text: 'Submission uploaded successfully!' });
      router.refresh();
    } catch {
      setMessage({ ok: false, text: 'An error occurred while uploading your submission.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6" noValidate>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-ink">Your Submission</h3>
        {status && (
          <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-700" data-testid="submission-status">
            Status: {STATUS_LABELS[status]}
          </span>
        )}
      </div>
      {instructions && <p className="text-sm text-slate-600">{instructions}</p>}
      {allowed.description && (
        <Field id="submission-description" label="Description" error={fields.description}>
          <Textarea id="submission-description" value={description} maxLength={4000} onChange={(e) => setDescription(e.target.value)} required />
        </Field>
      )}
      {allowed.url && (
        <Field id="submission-url" label="Link" error={fields.url}>
          <Input id="submission-url" type="url" placeholder="https://" value={url} maxLength={2000} onChange={(e) => setUrl(e.target.value)} required />
        </Field>
      )}
      {allowed.picture && <ImageUploader id="submission-picture" label="Picture" value={picture} onChange={setPicture} />}
      <Button type="submit" disabled={busy}>
        Submit
      </Button>
      <StatusMessage status={message} />
    </form>
  );
}
