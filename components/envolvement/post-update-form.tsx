'use client';

import { usePageRefresh } from '@/components/layout/viewer-context';
import { useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { useFormValues } from '@/components/forms/use-form-values';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { updatePostSchema } from '@/lib/validation/envolvement';
import { LIMITS } from '@/lib/validation/envolvement-limits';
import { checkWith } from '@/lib/validation/check';
import { fieldError } from '@/lib/validation/field-errors';
import { useReportError } from './error-banner';
import { ImageUploader } from './image-uploader';

const EMPTY = { title: '', description: '', imgUrl: '' };
const FAILED = 'Failed to update envolvement';

/** The update being written, checked with the handler's schema and posted. */
function usePostUpdate(envolvementId: string) {
  const refresh = usePageRefresh();
  const action = useApiAction({ message: FAILED, report: useReportError() });
  const [open, setOpen] = useState(false);
  const { values, set, bind, reset } = useFormValues(EMPTY);

  function close() {
    setOpen(false);
    reset();
    action.reset();
  }

  const submit = (event: FormEvent) =>
    action.submit(event, {
      check: () => checkWith(updatePostSchema, values),
      async send(update) {
        await api(`/api/post/add-comment/${envolvementId}`, { json: update, fallback: FAILED });
        close();
        refresh();
      },
    });

  return { open, setOpen, values, set, bind, fields: action.fields, busy: action.busy, close, submit };
}

/** The creator's 'Post Update' button and its form. */
export function PostUpdateForm({ envolvementId }: { envolvementId: string }) {
  const { open, setOpen, values, set, bind, fields, busy, close, submit } = usePostUpdate(envolvementId);
  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} size="sm">
        Post Update
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="w-full space-y-4 rounded-xl border border-slate-200 bg-white p-4" noValidate>
      <Field id="update-title" label="Title" error={fieldError(fields, 'title')}>
        <Input {...bind('title')} maxLength={LIMITS.updateTitle} required />
      </Field>
      <Field id="update-description" label="Description" error={fieldError(fields, 'description')}>
        <Textarea {...bind('description')} maxLength={LIMITS.updateDescription} required />
      </Field>
      <ImageUploader id="update-image" label="Image (optional)" value={values.imgUrl} onChange={set('imgUrl')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          Post Update
        </Button>
      </div>
    </form>
  );
}
