import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { v2 as cloudinary } from 'cloudinary';
import { isStoredImage } from '@/lib/domain/images';
import { logError, logWarn } from '@/lib/log';
import { localUploadsDir, type ImageFolder } from './index';

// Removing a file is the last step of a change that no longer shows it (a new picture, a
// deleted account): the caller commits first and removes after, so a change that fails
// loses nothing. A removal that fails never fails the change: it is logged and tried again
// a few times in the background, and after that left where it is, its address in the log.

/** When a failed removal is tried again, after the first attempt. */
const RETRY_AFTER_MS = [2_000, 30_000, 300_000];

// Cloudinary answers slowly at worst: the person's request waits for the first attempt.
const CLOUDINARY_TIMEOUT_MS = 10_000;

// What saveToCloudinary (./index.ts) stores: envolve/{folder}/{uuid} in the configured cloud.
const CLOUDINARY_IMAGE =
  /^https:\/\/res\.cloudinary\.com\/([^/]+)\/image\/upload\/(?:v\d+\/)?envolve\/([a-z]+)\/([0-9a-f-]{36})\.[a-z]+$/;

type StoredFile = { driver: 'local'; path: string } | { driver: 'cloudinary'; publicId: string };

/**
 * The file behind a URL, when the app stored it in `folder`: on its own disk, or in the
 * Cloudinary cloud it is configured with. Null for any other address (a picture an identity
 * provider gave, an image on another site, a file kept for another purpose), which is never
 * touched.
 */
function storedFileOf(folder: ImageFolder, url: string): StoredFile | null {
  if (isStoredImage(url)) {
    const [, , stored, name] = url.split('/');
    if (stored !== folder) return null;
    return { driver: 'local', path: path.join(/*turbopackIgnore: true*/ localUploadsDir(), folder, name!) };
  }
  const match = CLOUDINARY_IMAGE.exec(url);
  if (!match || match[2] !== folder || !process.env.CLOUDINARY_URL) return null;
  if (match[1] !== cloudinary.config().cloud_name) return null;
  return { driver: 'cloudinary', publicId: `envolve/${folder}/${match[3]}` };
}

async function removeFile(file: StoredFile): Promise<void> {
  if (file.driver === 'local') {
    // Already gone is as good as removed.
    await fs.rm(file.path, { force: true });
    return;
  }
  // `invalidate` also drops the copies Cloudinary's CDN holds; the SDK reads `timeout`,
  // which its types leave out.
  const options = { invalidate: true, timeout: CLOUDINARY_TIMEOUT_MS };
  const answer: unknown = await cloudinary.uploader.destroy(file.publicId, options);
  const result = typeof answer === 'object' && answer !== null ? Reflect.get(answer, 'result') : undefined;
  if (result !== 'ok' && result !== 'not found') throw new Error(`Cloudinary did not destroy the image: ${result}`);
}

async function removeWithRetries(url: string, file: StoredFile, attempt = 0): Promise<void> {
  try {
    await removeFile(file);
  } catch (error) {
    logError('storage.remove', error, { url, attempt: attempt + 1 });
    const delay = RETRY_AFTER_MS[attempt];
    if (delay === undefined) {
      logWarn('storage.remove', 'left behind: remove it by hand', { url });
      return;
    }
    setTimeout(() => void removeWithRetries(url, file, attempt + 1), delay).unref();
  }
}

/**
 * Removes the files the app stored in `folder` behind these URLs, once the change that
 * stopped showing them is committed; ignores any other URL and null. Never throws.
 */
export async function removeStoredImages(folder: ImageFolder, urls: readonly (string | null)[]): Promise<void> {
  const files = urls.flatMap((url) => {
    const file = url ? storedFileOf(folder, url) : null;
    return file && url ? [{ url, file }] : [];
  });
  await Promise.all(files.map(({ url, file }) => removeWithRetries(url, file)));
}
