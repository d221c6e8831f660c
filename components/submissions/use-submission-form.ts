'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { Status } from '@/components/ui/status-message';
import { api } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { checkSubmission, type SubmissionTypes } from '@/lib/validation/submissions';

export type SubmissionValues = { description: string; url: string; picture: string };

const FAILED = 'An error occurred while uploading your submission.';

/** Only the allowed fields are sent; an empty picture is left out. */
function toBody(values: SubmissionValues, allowed: SubmissionTypes) {
  return {
    ...(allowed.description ? { description: values.description } : {}),
    ...(allowed.url ? { url: values.url } : {}),
    ...(allowed.picture && values.picture ? { picture: values.picture } : {}),
  };
}

/** The submission form's values and its send: checked with the server's rules first. */
export function useSubmissionForm(envolvementId: string, allowed: SubmissionTypes, initial: SubmissionValues | null) {
  const router = useRouter();
  const [values, setValues] = useState<SubmissionValues>({
    description: initial?.description ?? '',
    url: initial?.url ?? '',
    picture: initial?.picture ?? '',
  });
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof SubmissionValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const body = toBody(values, allowed);
    const problems = checkSubmission(body, allowed);
    setFields(problems);
    if (Object.keys(problems).length) return setMessage({ ok: false, text: FAILED });
    setBusy(true);
    try {
      await api(`/api/user_submissions/post-user-submission/${envolvementId}`, { json: body });
      setMessage({ ok: true, text: 'Submission uploaded successfully!' });
      router.refresh();
    } catch (error) {
      setFields((error as { fields?: FieldErrors }).fields ?? {});
      setMessage({ ok: false, text: FAILED });
    } finally {
      setBusy(false);
    }
  }

  return { values, set, fields, message, busy, submit };
}
