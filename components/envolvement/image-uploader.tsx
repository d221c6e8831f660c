'use client';

import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { IMAGE_ACCEPT } from '@/lib/domain/images';
import { fileSizeLabel } from '@/lib/envolvements/wizard';
import { TYPES_HINT, useImageUpload, type UploaderProps, type UploadStatus } from './use-image-upload';

function UploadProgress({ progress }: { progress: number }) {
  return (
    <div
      className="mt-2"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      aria-label="Upload progress"
    >
      <div className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{progress}%</p>
    </div>
  );
}

function UploadActions({ status, choose, retry }: { status: UploadStatus; choose: () => void; retry: () => void }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {status === 'empty' && (
        <Button variant="secondary" size="sm" onClick={choose}>
          Choose Image
        </Button>
      )}
      {status === 'uploaded' && (
        <Button variant="secondary" size="sm" onClick={choose}>
          Change Image
        </Button>
      )}
      {status === 'error' && (
        <Button variant="secondary" size="sm" onClick={retry}>
          Try Again
        </Button>
      )}
      <span className="text-xs text-slate-500">{TYPES_HINT}</span>
    </div>
  );
}

/** Pick an image, upload it with a real progress bar, and hand back its URL. */
export function ImageUploader({ id, value, onChange, label = 'Cover image' }: UploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const { file, status, progress, message, upload } = useImageUpload(value, onChange);
  const choose = () => input.current?.click();
  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-slate-800">{label}</span>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        onChange={(e) => void upload(e.target.files?.[0] ?? null)}
        aria-label={label}
      />
      <div className="rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-4">
        {value && status !== 'uploading' && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={value} alt="Selected cover" className="mb-3 h-40 w-full rounded-lg object-cover" />
        )}
        {file && (
          <p className="text-sm text-slate-700">
            {file.name} <span className="text-slate-500">({fileSizeLabel(file.size)})</span>
          </p>
        )}
        {status === 'uploading' && <UploadProgress progress={progress} />}
        {status === 'error' && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {message}
          </p>
        )}
        <UploadActions status={status} choose={choose} retry={() => (file ? void upload(file) : choose())} />
      </div>
    </div>
  );
}
