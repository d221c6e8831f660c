'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { errorMessageOf, useReportError } from './error-banner';
import { ImageUploader } from './image-uploader';

/** The creator's 'Post Update' button and its form. */
export function PostUpdateForm({ envolvementId }: { envolvementId: string }) {
  const router = useRouter();
  const report = useReportError();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [imgUrl, setImgUrl] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function close() {
    setOpen(false);
    setTitle('');
    setDescription('');
    setImgUrl('');
    setFields({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!title.trim()) missing.title = 'Title is required';
    if (!description.trim()) missing.description = 'Description is required';
    setFields(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const response = await fetch(`/api/post/add-comment/${envolvementId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title, description, imgUrl }),
      });
      if (!response.ok) {
        report(await errorMessageOf(response, 'Failed to update envolvement'));
        return;
      }
      report(null);
      close();
      router.refresh();
    } catch (error) {
      console.error('Posting the update failed', error);
      report('Failed to update envolvement');
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} size="sm">
        Post Update
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="w-full space-y-4 rounded-xl border border-slate-200 bg-white p-4" noValidate>
      <Field id="update-title" label="Title" error={fields.title}>
        <Input id="update-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required />
      </Field>
      <Field id="update-description" label="Description" error={fields.description}>
        <Textarea
          id="update-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={4000}
          required
        />
      </Field>
      <ImageUploader id="update-image" label="Image (optional)" value={imgUrl} onChange={setImgUrl} />
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
