'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import type { Category } from '@/lib/domain/categories';
import { CategoryPicker } from './category-picker';
import { fromDateInput, toDateInput } from './dates';
import { errorMessageOf, useReportError } from './error-banner';
import { ImageUploader } from './image-uploader';

function initialState(e: EnvolvementDto) {
  return {
    title: e.title,
    previewText: e.previewText,
    description: e.description,
    imgUrl: e.imgUrl,
    price: e.price.free ? '' : String(e.price.price),
    quantity: e.quantity.unlimited ? '' : String(e.quantity.quantity),
    categories: e.categories as Category[],
    endDate: toDateInput(e.endDate.endDate),
    targetDate: toDateInput(e.targetEnvolvmentDate),
    active: e.active,
    submissionsActive: e.submissions.submissionsActive,
    content: e.submissions.submissionContent,
  };
}

/** The creator's 'Edit Envolvement' dialog. Empty price, quantity or end date mean free, unlimited, none. */
export function EditEnvolvement({ envolvement }: { envolvement: EnvolvementDto }) {
  const router = useRouter();
  const report = useReportError();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(() => initialState(envolvement));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const opening = form.submissionsActive && !envolvement.submissions.submissionsActive;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.categories.length === 0) {
      setFields({ categories: 'Please select at least one category' });
      return;
    }
    setBusy(true);
    setFields({});
    try {
      // Opening submissions goes first, with the chosen types, as the spec says.
      if (opening) {
        const opened = await fetch(`/api/user_submissions/open-submissions/${envolvement._id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(form.content),
        });
        if (!opened.ok) {
          report('Failed to open submissions.');
          return;
        }
      }
      const response = await fetch(`/api/post/${envolvement._id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: form.title,
          previewText: form.previewText,
          description: form.description,
          imgUrl: form.imgUrl,
          price:
            form.price.trim() === ''
              ? { price: null, free: true }
              : { price: Number(form.price), free: Number(form.price) === 0 },
          quantity:
            form.quantity.trim() === ''
              ? { quantity: null, unlimited: true }
              : { quantity: Number(form.quantity), unlimited: false },
          categories: form.categories,
          endDate: form.endDate ? { endDate: fromDateInput(form.endDate), none: false } : { endDate: null, none: true },
          targetEnvolvmentDate: fromDateInput(form.targetDate),
          active: form.active,
          isActive: form.active,
          submissions: { submissionsActive: form.submissionsActive, submissionContent: form.content },
        }),
      });
      if (!response.ok) {
        const body = (await response
          .clone()
          .json()
          .catch(() => ({}))) as { fields?: Record<string, string> };
        setFields(body.fields ?? {});
        report(await errorMessageOf(response, 'Failed to update envolvement'));
        return;
      }
      report(null);
      setOpen(false);
      router.refresh();
    } catch {
      report('Failed to update envolvement');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setForm(initialState(envolvement));
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent title="Edit Envolvement" className="max-w-2xl">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id="edit-title" label="Title" error={fields.title}>
            <Input id="edit-title" value={form.title} maxLength={200} onChange={(e) => set('title', e.target.value)} />
          </Field>
          <Field id="edit-preview" label="Preview text" error={fields.previewText}>
            <Textarea
              id="edit-preview"
              value={form.previewText}
              maxLength={1000}
              onChange={(e) => set('previewText', e.target.value)}
            />
          </Field>
          <Field id="edit-description" label="Description" error={fields.description}>
            <Textarea
              id="edit-description"
              value={form.description}
              maxLength={4000}
              onChange={(e) => set('description', e.target.value)}
            />
          </Field>
          <ImageUploader id="edit-image" value={form.imgUrl} onChange={(url) => set('imgUrl', url)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="edit-price" label="Price (USD)" hint="Leave empty for free" error={fields.price}>
              <Input
                id="edit-price"
                type="number"
                min={0}
                step="0.01"
                value={form.price}
                onChange={(e) => set('price', e.target.value)}
              />
            </Field>
            <Field id="edit-quantity" label="Spots" hint="Leave empty for unlimited" error={fields.quantity}>
              <Input
                id="edit-quantity"
                type="number"
                min={0}
                max={10000}
                step={1}
                value={form.quantity}
                onChange={(e) => set('quantity', e.target.value)}
              />
            </Field>
            <Field id="edit-end" label="End Date" hint="Leave empty for no deadline" error={fields.endDate}>
              <Input
                id="edit-end"
                type="date"
                value={form.endDate}
                max={form.targetDate || undefined}
                onChange={(e) => set('endDate', e.target.value)}
              />
            </Field>
            <Field id="edit-target" label="Target Envolvement Date" error={fields.targetEnvolvmentDate}>
              <Input
                id="edit-target"
                type="date"
                value={form.targetDate}
                min={form.endDate || undefined}
                onChange={(e) => set('targetDate', e.target.value)}
              />
            </Field>
          </div>
          <CategoryPicker value={form.categories} onChange={(c) => set('categories', c)} error={fields.categories} />
          <div className="space-y-3 rounded-xl bg-slate-50 p-4">
            <Switch
              id="edit-active"
              label="Active"
              hint="Only active envolvements can be joined"
              checked={form.active}
              onChange={(v) => set('active', v)}
            />
            <Switch
              id="edit-submissions"
              label="Submissions Active"
              checked={form.submissionsActive}
              onChange={(v) => set('submissionsActive', v)}
            />
            {opening && (
              <fieldset className="flex flex-wrap gap-4 text-sm">
                <legend className="sr-only">Allowed submission types</legend>
                {(['picture', 'description', 'url'] as const).map((type) => (
                  <label key={type} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-600"
                      checked={form.content[type]}
                      onChange={(e) => set('content', { ...form.content, [type]: e.target.checked })}
                    />
                    Allow {type === 'url' ? 'Url' : type === 'picture' ? 'Picture' : 'Description'} Submissions
                  </label>
                ))}
              </fieldset>
            )}
          </div>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
