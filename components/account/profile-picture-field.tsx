'use client';

import { useRef, useTransition } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { Avatar } from '@/components/layout/avatar';
import { usePageRefresh } from '@/components/layout/viewer-context';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/domain/images';

type ProfilePictureFieldProps = { name: string; picture: string | null };

/**
 * The profile picture: a new one is sent as soon as it is chosen (the server keeps the
 * middle square of it), or the current one removed; the page then shows what was stored.
 */
export function ProfilePictureField({ name, picture }: ProfilePictureFieldProps) {
  const refresh = usePageRefresh();
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, run } = useApiAction({ message: 'Could not change your picture. Please try again.' });
  // Busy until the refreshed page, with the new picture, has arrived.
  const [refreshing, startRefresh] = useTransition();
  const working = busy || refreshing;

  const change = (send: () => Promise<unknown>, file?: File) =>
    run({
      // The server checks again; this only spares sending what it would refuse.
      check: () => {
        const problem = file ? imageFileProblem(file) : null;
        return problem ? { ok: false, fields: { picture: problem }, error: problem } : { ok: true, data: null };
      },
      async send() {
        await send();
        // The top bar's picture comes with the viewer (GET /api/me): it is asked for again too.
        startRefresh(() => refresh());
      },
    });

  async function upload(file: File | undefined) {
    if (!file) return;
    const form = new FormData();
    form.append('picture', file);
    await change(() => api('/api/account/picture', { form }), file);
    if (input.current) input.current.value = '';
  }

  return (
    <div className="mb-6 flex items-center gap-4" data-testid="profile-picture">
      <Avatar name={name} picture={picture} size={80} />
      <div className="space-y-2">
        <p className="text-sm text-slate-600">A square from the middle of your image is kept, without its metadata.</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={working} onClick={() => input.current?.click()}>
            {working ? 'Please wait...' : picture ? 'Change picture' : 'Upload picture'}
          </Button>
          {picture && (
            <Button
              variant="ghost"
              size="sm"
              disabled={working}
              onClick={() => void change(() => api('/api/account/picture', { method: 'DELETE' }))}
            >
              Remove picture
            </Button>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          className="hidden"
          aria-label="Profile picture"
          data-testid="picture-input"
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <FormAlert message={error} />
      </div>
    </div>
  );
}
