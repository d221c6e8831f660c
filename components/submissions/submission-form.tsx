'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { ImageUploader } from '@/components/envolvement/image-uploader';
import { Button } from '@/components/ui/button';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { Field, Input, Textarea } from '@/components/ui/field';
import { isHttpUrl, SUBMISSION_LIMITS } from '@/lib/validation/submissions';
import type { SubmissionStatus } from '@/lib/domain/submission-status';
import { STATUS_LABELS } from './status-labels';

type SubmissionFormProps = {
  envolvementId: string;
  allowed: { picture: boolean; description: boolean; url: boolean };
  instructions: string;
  initial: { description: string; picture: string; url: string } | null;
  status: SubmissionStatus | null;
  deadlineLabel: string | null;
  closed: boolean;
  /** Why it is closed, when not for its deadline. */
  closedNote?: string | null;
};

type Values = { description: string; url: string; picture: string };

// The same rules the server applies, checked first so a mistake is named under its field.
function checkValues(values: Values, allowed: SubmissionFormProps['allowed']): Record<string, string> {
  const fields: Record<string, string> = {};
  if (allowed.description && !values.description.trim()) fields.description = 'Description is required';
  if (allowed.url && !values.url.trim()) fields.url = 'Link is required';
  else if (allowed.url && !isHttpUrl(values.url.trim())) fields.url = 'Link must be a valid http(s) URL';
  if (allowed.picture && !allowed.description && !allowed.url && !values.picture)
    fields.picture = 'Picture is required';
  return fields;
}

function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span
      className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-700"
      data-testid="submission-status"
    >
      Status: {STATUS_LABELS[status]}
    </span>
  );
}

/** A joined user's 'Your Submission' form, with only the allowed fields, and where theirs stands. */
export function SubmissionForm({
  envolvementId,
  allowed,
  instructions,
  initial,
  status,
  deadlineLabel,
  closed,
  closedNote,
}: SubmissionFormProps) {
  const router = useRouter();
  const [values, setValues] = useState<Values>({
    description: initial?.description ?? '',
    url: initial?.url ?? '',
    picture: initial?.picture ?? '',
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const problems = checkValues(values, allowed);
    setFields(problems);
    if (Object.keys(problems).length) {
      setMessage({ ok: false, text: 'An error occurred while uploading your submission.' });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(`/api/user_submissions/post-user-submission/${envolvementId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...(allowed.description ? { description: values.description } : {}),
          ...(allowed.url ? { url: values.url } : {}),
          ...(allowed.picture && values.picture ? { picture: values.picture } : {}),
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
        {status && <StatusBadge status={status} />}
      </div>
      {instructions && <p className="text-sm break-words whitespace-pre-line text-slate-600">{instructions}</p>}
      {closedNote ? (
        <p className="text-xs text-slate-500">{closedNote}</p>
      ) : deadlineLabel ? (
        <p className="text-xs text-slate-500">
          {closed ? `Submissions closed on ${deadlineLabel}.` : `Send yours by ${deadlineLabel}.`}
        </p>
      ) : null}
      {allowed.description && (
        <Field id="submission-description" label="Description" error={fields.description}>
          <Textarea
            id="submission-description"
            value={values.description}
            maxLength={SUBMISSION_LIMITS.description}
            onChange={(e) => set('description')(e.target.value)}
            aria-invalid={Boolean(fields.description)}
            disabled={closed}
            required
          />
        </Field>
      )}
      {allowed.url && (
        <Field id="submission-url" label="Link" error={fields.url}>
          <Input
            id="submission-url"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={values.url}
            maxLength={SUBMISSION_LIMITS.url}
            onChange={(e) => set('url')(e.target.value)}
            aria-invalid={Boolean(fields.url)}
            disabled={closed}
            required
          />
        </Field>
      )}
      {allowed.picture &&
        (closed ? (
          values.picture && (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={values.picture} alt="Your submitted picture" className="max-h-60 rounded-lg" />
          )
        ) : (
          <div>
            <ImageUploader id="submission-picture" label="Picture" value={values.picture} onChange={set('picture')} />
            {fields.picture && (
              <p role="alert" className="mt-1 text-sm text-red-600">
                {fields.picture}
              </p>
            )}
          </div>
        ))}
      {!closed && (
        <Button type="submit" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </Button>
      )}
      <StatusMessage status={message} />
    </form>
  );
}
