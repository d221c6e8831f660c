'use client';

import { ImageUploader } from '@/components/envolvement/image-uploader';
import { FormAlert } from '@/components/forms/form-alert';
import type { TextControl } from '@/components/forms/use-form-values';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { Field, Input, Textarea } from '@/components/ui/field';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { SUBMISSION_LIMITS, type SubmissionTypes } from '@/lib/validation/submissions';
import type { SubmissionStatus } from '@/lib/domain/submission-status';
import { STATUS_LABELS } from './status-labels';
import { useSubmissionForm, type SubmissionValues } from './use-submission-form';

type SubmissionFormProps = {
  envolvementId: string;
  allowed: SubmissionTypes;
  instructions: string;
  initial: { description: string; picture: string; url: string } | null;
  status: SubmissionStatus | null;
  deadlineLabel: string | null;
  closed: boolean;
  /** Why it is closed, when not for its deadline. */
  closedNote?: string | null;
};

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

type FieldsProps = {
  allowed: SubmissionTypes;
  values: SubmissionValues;
  set: (key: keyof SubmissionValues) => (value: string) => void;
  bind: (key: keyof SubmissionValues) => TextControl;
  fields: FieldErrors;
  closed: boolean;
};

/** The allowed inputs; a closed form shows the picture that was sent instead of the uploader. */
function SubmissionFields({ allowed, values, set, bind, fields, closed }: FieldsProps) {
  return (
    <>
      {allowed.description && (
        <Field id="submission-description" label="Description" error={fields.description}>
          <Textarea {...bind('description')} maxLength={SUBMISSION_LIMITS.description} disabled={closed} required />
        </Field>
      )}
      {allowed.url && (
        <Field id="submission-url" label="Link" error={fields.url}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            {...bind('url')}
            maxLength={SUBMISSION_LIMITS.url}
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
            <FormAlert message={fields.picture} className="mt-1" />
          </div>
        ))}
    </>
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
  const { values, set, bind, fields, message, busy, submit } = useSubmissionForm(envolvementId, allowed, initial);
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
      <SubmissionFields allowed={allowed} values={values} set={set} bind={bind} fields={fields} closed={closed} />
      {!closed && (
        <Button type="submit" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </Button>
      )}
      <StatusMessage status={message} />
    </form>
  );
}
