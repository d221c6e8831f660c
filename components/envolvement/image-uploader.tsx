'use client';

import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { uploadImage } from './upload-image';

type Status = 'empty' | 'selected' | 'uploading' | 'uploaded' | 'error';

type ImageUploaderProps = {
  id: string;
  value: string;
  onChange: (url: string) => void;
  label?: string;
};

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

/** Pick an image, upload it with a real progress bar, and hand back its URL. */
export function ImageUploader({ id, value, onChange, label = 'Cover image' }: ImageUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>(value ? 'uploaded' : 'empty');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  async function start(chosen: File | null) {
    if (!chosen) {
      setStatus('error');
      setError('Please select a file first');
      return;
    }
    setFile(chosen);
    setStatus('uploading');
    setProgress(0);
    setError(null);
    try {
      onChange(await uploadImage(chosen, setProgress));
      setStatus('uploaded');
    } catch (e) {
      setStatus('error');
      setError(e instanceof Error && e.message ? e.message : 'Upload failed. Please try again.');
    }
  }

  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-slate-800">{label}</span>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        onChange={(e) => start(e.target.files?.[0] ?? null)}
        aria-label={label}
      />
      <div className="rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-4">
        {value && status !== 'uploading' && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={value} alt="Selected cover" className="mb-3 h-40 w-full rounded-lg object-cover" />
        )}
        {file && (
          <p className="text-sm text-slate-700">
            {file.name} <span className="text-slate-500">({megabytes(file.size)})</span>
          </p>
        )}
        {status === 'uploading' && (
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
        )}
        {status === 'error' && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {error}
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {status === 'empty' && (
            <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
              Choose Image
            </Button>
          )}
          {status === 'uploaded' && (
            <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
              Change Image
            </Button>
          )}
          {status === 'error' && (
            <Button variant="secondary" size="sm" onClick={() => (file ? start(file) : input.current?.click())}>
              Try Again
            </Button>
          )}
          <span className="text-xs text-slate-500">PNG, JPG, GIF up to 10MB</span>
        </div>
      </div>
    </div>
  );
}
