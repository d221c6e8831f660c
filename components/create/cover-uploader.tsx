'use client';

import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ImageIcon } from '@/components/envolvement/offer-icons';
import { uploadImage } from '@/components/envolvement/upload-image';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { imageFileProblem } from '@/lib/domain/images';
import { fileSizeLabel } from '@/lib/envolvements/wizard';

// The spec's states of the cover upload; a chosen file starts uploading at once.
type Status = 'empty' | 'uploading' | 'uploaded' | 'error';

type CoverUploaderProps = {
  id: string;
  value: string;
  onChange: (url: string) => void;
  label?: string;
  error?: string;
};

/** Choose or drop an image; it uploads at once with a real progress bar and hands back its URL. */
export function CoverUploader({ id, value, onChange, label = 'Cover image', error }: CoverUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>(value ? 'uploaded' : 'empty');
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // The wizard clears the value after creating: start over.
  useEffect(() => {
    if (!value && status === 'uploaded') {
      setStatus('empty');
      setFile(null);
    }
  }, [value, status]);

  async function upload(chosen: File | null) {
    const problem = imageFileProblem(chosen);
    if (problem || !chosen) {
      setStatus('error');
      setMessage(problem);
      return;
    }
    setFile(chosen);
    setMessage(null);
    setProgress(0);
    setStatus('uploading');
    try {
      onChange(await uploadImage(chosen, setProgress));
      setStatus('uploaded');
    } catch (e) {
      setStatus('error');
      // The server's own words when it sent some (too large, not an image).
      setMessage(e instanceof Error && e.message ? e.message : 'Upload failed. Please try again.');
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (status !== 'uploading') void upload(event.dataTransfer.files[0] ?? null);
  }

  const choose = () => input.current?.click();
  const remove = () => {
    onChange('');
    setFile(null);
    setStatus('empty');
  };
  const busy = status === 'uploading';
  const shown = status === 'error' ? message : error;

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        className="sr-only"
        disabled={busy}
        onChange={(e) => upload(e.target.files?.[0] ?? null)}
      />
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'rounded-xl border-2 border-dashed p-4 transition-colors',
          dragging
            ? 'border-brand-500 bg-brand-50'
            : status === 'error'
              ? 'border-red-300 bg-red-50/40'
              : 'border-slate-300 bg-slate-50',
        )}
        data-testid="cover-uploader"
      >
        {value && status === 'uploaded' ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={value} alt="Cover preview" className="h-44 w-full rounded-lg object-cover" />
        ) : (
          !busy && (
            <button
              type="button"
              onClick={choose}
              className="flex w-full flex-col items-center gap-2 rounded-lg py-5 text-center focus-visible:outline-2"
            >
              <span className="rounded-full bg-white p-3 text-brand-600 shadow-sm">
                <ImageIcon width={22} height={22} />
              </span>
              <span className="text-sm font-semibold text-brand-700">Click to choose an image</span>
              <span className="text-xs text-slate-500">or drag and drop it here</span>
              <span className="text-xs text-slate-500">PNG, JPG, GIF up to 10MB</span>
            </button>
          )
        )}

        {file && (
          <p className="mt-3 truncate text-sm text-slate-700" data-testid="cover-file">
            {file.name} <span className="text-slate-500">({fileSizeLabel(file.size)})</span>
          </p>
        )}

        {busy && (
          <div className="mt-2">
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width] duration-150"
                style={{ width: `${progress}%` }}
              />
            </div>
            <p className="mt-1 text-xs font-medium text-slate-600">Uploading… {progress}%</p>
          </div>
        )}

        {shown && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {shown}
          </p>
        )}

        {status === 'uploaded' && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={choose}>
              Change Image
            </Button>
            <Button variant="ghost" size="sm" onClick={remove}>
              Remove
            </Button>
            <span className="text-xs text-slate-500">PNG, JPG, GIF up to 10MB</span>
          </div>
        )}
        {status === 'error' && (
          <div className="mt-3">
            {/* Retries the same file; without one it opens the picker. */}
            <Button variant="secondary" size="sm" onClick={() => (file ? upload(file) : choose())}>
              Try Again
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
