import { ApiError } from '@/lib/api-client';

const UPLOAD_FAILED = 'Upload failed. Please try again.';

/**
 * Uploads an image with progress events and resolves with the stored URL. XMLHttpRequest,
 * not fetch, because only it reports upload progress; failures are the same ApiError as
 * every other call's.
 */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void,
  endpoint = '/api/uploads/image',
  field = 'image',
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpoint);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { url?: string; error?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.url) resolve(body.url);
      else reject(new ApiError(xhr.status, body?.error || UPLOAD_FAILED));
    };
    xhr.onerror = () => reject(new ApiError(0, UPLOAD_FAILED, { code: 'network' }));
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
