'use client';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { EditCategories, EditOfferFields, EditSettingsFields, EditTextFields } from './edit-envolvement-fields';
import { useEditEnvolvement } from './use-edit-envolvement';

/** The creator's 'Edit Envolvement' dialog. Empty price, quantity or end date mean free, unlimited, none. */
export function EditEnvolvement({ envolvement }: { envolvement: EnvolvementDto }) {
  const { open, setOpen, form, set, fields, busy, opening, submit, selling, currency } =
    useEditEnvolvement(envolvement);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent title="Edit Envolvement" className="max-w-2xl">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <EditTextFields form={form} set={set} fields={fields} />
          <EditOfferFields
            form={form}
            set={set}
            fields={fields}
            selling={selling}
            currency={currency}
            wasPaid={!envolvement.price.free}
          />
          <EditCategories form={form} set={set} fields={fields} />
          <EditSettingsFields form={form} set={set} opening={opening} />
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
