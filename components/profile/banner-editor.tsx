'use client';

import { useRouter } from 'next/navigation';
import { useRef, useTransition } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { api } from '@/lib/api-client';
import { IMAGE_ACCEPT, isImageMimeType, MAX_IMAGE_BYTES } from '@/lib/domain/images';

const REFUSED = 'Choose a PNG, JPEG, GIF or WebP image of at most 10 MB.';

/** The owner's pencil on the banner: uploads a new picture, then re-renders the page. */
export function BannerEditor() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const { busy: uploading, error, run } = useApiAction();
  // The overlay stays until the refreshed page (with the new banner) has arrived.
  const [refreshing, startRefresh] = useTransition();

  async function upload(file: File | undefined) {
    if (!file) return;
    await run({
      // The server checks again; this only spares sending what it would refuse.
      check: () =>
        isImageMimeType(file.type) && file.size <= MAX_IMAGE_BYTES
          ? { ok: true, data: file }
          : { ok: false, fields: { banner: REFUSED }, error: REFUSED },
      async send(banner) {
        const form = new FormData();
        form.append('banner', banner);
        await api('/api/profile/banner', { form });
        startRefresh(() => router.refresh());
      },
    });
    if (input.current) input.current.value = '';
  }

  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label="Change banner"
        title="Change banner"
        className="absolute top-3 right-3 rounded-full bg-white/90 p-2 text-slate-700 shadow hover:bg-white"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M4 20h4L19 9l-4-4L4 16z" />
          <path d="m13.5 6.5 4 4" />
        </svg>
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        className="hidden"
        data-testid="banner-input"
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <FormAlert message={error} boxed className="absolute right-3 bottom-3 left-3 sm:right-auto" />
      {(uploading || refreshing) && (
        <div
          className="absolute inset-0 flex items-center justify-center bg-black/40"
          role="status"
          aria-label="Uploading banner"
        >
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-white/40 border-t-white" />
        </div>
      )}
    </>
  );
}
