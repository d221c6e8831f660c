/** Uploads an image with progress events; resolves with the stored URL. */
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
      else reject(new Error(body?.error || 'Upload failed. Please try again.'));
    };
    xhr.onerror = () => reject(new Error('Upload failed. Please try again.'));
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
