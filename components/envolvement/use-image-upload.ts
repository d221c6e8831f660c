'use client';

import { useState } from 'react';
import { messageOf } from '@/lib/api-client';
import { imageFileProblem } from '@/lib/domain/images';
import { uploadImage } from './upload-image';

// The states of an image upload; a chosen file starts uploading at once.
export type UploadStatus = 'empty' | 'uploading' | 'uploaded' | 'error';

/** What the page gives an uploader: the field, and the uploaded image's URL (empty for none). */
export type UploaderProps = {
  id: string;
  value: string;
  onChange: (url: string) => void;
  label?: string;
};

/** The types and size an uploader takes, said under it. */
export const TYPES_HINT = 'PNG, JPG, GIF up to 10MB';

/**
 * A chosen image uploaded with its progress, for the cover and update uploaders. When the
 * form clears its value (after creating), the uploader reads as empty again.
 */
export function useImageUpload(value: string, onChange: (url: string) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<UploadStatus>(value ? 'uploaded' : 'empty');
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const cleared = !value && status === 'uploaded';

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
    } catch (error) {
      setStatus('error');
      // The server's own words when it sent some (too large, not an image).
      setMessage(messageOf(error, 'Upload failed. Please try again.'));
    }
  }

  function remove() {
    onChange('');
    setFile(null);
    setStatus('empty');
  }

  return {
    file: cleared ? null : file,
    status: cleared ? ('empty' as const) : status,
    progress,
    message,
    upload,
    remove,
  };
}
