'use client';

import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ImageIcon } from '@/components/envolvement/offer-icons';
import { TYPES_HINT, useImageUpload, type UploaderProps } from '@/components/envolvement/use-image-upload';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { fileSizeLabel } from '@/lib/envolvements/wizard';

type CoverUploaderProps = UploaderProps & { error?: string };

function ChooseButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full flex-col items-center gap-2 rounded-lg py-5 text-center focus-visible:outline-2"
    >
      <span className="rounded-full bg-white p-3 text-brand-600 shadow-sm">
        <ImageIcon width={22} height={22} />
      </span>
      <span className="text-sm font-semibold text-brand-700">Click to choose an image</span>
      <span className="text-xs text-slate-500">or drag and drop it here</span>
      <span className="text-xs text-slate-500">{TYPES_HINT}</span>
    </button>
  );
}

function CoverProgress({ progress }: { progress: number }) {
  return (
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
  );
}

function UploadedActions({ choose, remove }: { choose: () => void; remove: () => void }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={choose}>
        Change Image
      </Button>
      <Button variant="ghost" size="sm" onClick={remove}>
        Remove
      </Button>
      <span className="text-xs text-slate-500">{TYPES_HINT}</span>
    </div>
  );
}

/** The dashed drop zone: highlighted while a file is dragged over it. */
function DropZone({
  state,
  onFile,
  children,
}: {
  state: 'idle' | 'error' | 'busy';
  onFile: (file: File | null) => void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (state !== 'busy') onFile(event.dataTransfer.files[0] ?? null);
  }
  return (
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
          : state === 'error'
            ? 'border-red-300 bg-red-50/40'
            : 'border-slate-300 bg-slate-50',
      )}
      data-testid="cover-uploader"
    >
      {children}
    </div>
  );
}

/** Choose or drop an image; it uploads at once with a real progress bar and hands back its URL. */
export function CoverUploader({ id, value, onChange, label = 'Cover image', error }: CoverUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const { file, status, progress, message, upload, remove } = useImageUpload(value, onChange);
  const choose = () => input.current?.click();
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
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          e.target.value = '';
          void upload(chosen);
        }}
      />
      <DropZone state={busy ? 'busy' : status === 'error' ? 'error' : 'idle'} onFile={(f) => void upload(f)}>
        {value && status === 'uploaded' ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={value} alt="Cover preview" className="h-44 w-full rounded-lg object-cover" />
        ) : (
          !busy && <ChooseButton onClick={choose} />
        )}
        {file && (
          <p className="mt-3 truncate text-sm text-slate-700" data-testid="cover-file">
            {file.name} <span className="text-slate-500">({fileSizeLabel(file.size)})</span>
          </p>
        )}
        {busy && <CoverProgress progress={progress} />}
        {shown && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {shown}
          </p>
        )}
        {status === 'uploaded' && <UploadedActions choose={choose} remove={remove} />}
        {status === 'error' && (
          <div className="mt-3">
            {/* Retries the same file; without one it opens the picker. */}
            <Button variant="secondary" size="sm" onClick={() => (file ? void upload(file) : choose())}>
              Try Again
            </Button>
          </div>
        )}
      </DropZone>
    </div>
  );
}
