'use client';

import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { StatusMessage } from '@/components/ui/status-message';
import { BIO_MAX } from '@/lib/domain/accounts';
import { NAME_MAX_LENGTH } from '@/lib/validation/auth';
import type { ProfileSettings } from '@/lib/validation/profile';
import { ProfileHandleField } from './profile-handle-field';
import { ProfileLinksField } from './profile-links-field';
import { useProfileForm } from './use-profile-form';

/** The Account page's profile form: display name, handle, bio and links, saved together. */
export function ProfileForm({ initial }: { initial: ProfileSettings }) {
  const { values, setText, setLink, addLink, removeLink, fields, status, busy, save } = useProfileForm(initial);
  return (
    <form onSubmit={save} className="space-y-5" noValidate data-testid="profile-form">
      <Field id="name" label="Display name" error={fields.name} hint="Shown on your profile beside your handle.">
        <Input
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => setText('name')(e.target.value)}
          required
          maxLength={NAME_MAX_LENGTH}
        />
      </Field>
      <ProfileHandleField value={values.handle} error={fields.handle} onChange={setText('handle')} />
      <Field
        id="bio"
        label="Bio"
        error={fields.bio}
        hint={`${values.bio.length}/${BIO_MAX} characters. Line breaks are kept.`}
      >
        <Textarea
          name="bio"
          rows={5}
          value={values.bio}
          onChange={(e) => setText('bio')(e.target.value)}
          maxLength={BIO_MAX}
        />
      </Field>
      <ProfileLinksField
        links={values.links}
        fields={fields}
        onChange={setLink}
        onAdd={addLink}
        onRemove={removeLink}
      />
      <StatusMessage status={status} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
