import 'server-only';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { v2 as cloudinary } from 'cloudinary';
import { AppError } from '@/lib/http/errors';
import type { UploadedFile, UploadLimits } from '@/lib/http/multipart';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '@/lib/domain/images';
import { detectImageType, type ImageType } from './image-type';
import { squarePicture } from './square-picture';
import { stripMetadata } from './strip-metadata';

export type ImageFolder = 'covers' | 'banners' | 'updates' | 'submissions' | 'pictures';

export const UPLOADS_ROUTE = '/uploads';

export function localUploadsDir(): string {
  return process.env.UPLOADS_DIR || path.join(/*turbopackIgnore: true*/ process.cwd(), '.data', 'uploads');
}

/** What an image upload may weigh: the routes stream the body with these limits. */
export const IMAGE_UPLOAD: UploadLimits = { maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: IMAGE_MESSAGES.tooLarge };

/** Checks that `file` is an image we accept and returns its bytes and real type. */
export function readImage(file: UploadedFile | null): { bytes: Buffer; type: ImageType } {
  if (!file || file.bytes.length === 0) throw new AppError('bad_request', IMAGE_MESSAGES.missing);
  if (file.bytes.length > MAX_IMAGE_BYTES) throw new AppError('too_large', IMAGE_MESSAGES.tooLarge);
  // SVG can carry scripts: refused whatever its bytes, even when they look like another image.
  if (file.mimeType === 'image/svg+xml' || /\.svgz?$/i.test(file.filename)) {
    throw new AppError('bad_request', IMAGE_MESSAGES.svg);
  }
  const type = detectImageType(file.bytes);
  if (!type) throw new AppError('bad_request', IMAGE_MESSAGES.unknownType);
  return { bytes: file.bytes, type };
}

async function saveLocally(bytes: Buffer, ext: ImageType['ext'], folder: ImageFolder): Promise<string> {
  const name = `${randomUUID()}.${ext}`;
  const dir = path.join(/*turbopackIgnore: true*/ localUploadsDir(), folder);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(/*turbopackIgnore: true*/ dir, name), bytes);
  return `${UPLOADS_ROUTE}/${folder}/${name}`;
}

// The Cloudinary SDK reads CLOUDINARY_URL itself; the upload is signed on the server,
// so the secret never reaches a browser.
function saveToCloudinary(bytes: Buffer, folder: ImageFolder): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = cloudinary.uploader.upload_stream(
      { folder: `envolve/${folder}`, public_id: randomUUID(), resource_type: 'image' },
      (error, result) =>
        error || !result ? reject(error ?? new Error('Empty Cloudinary answer')) : resolve(result.secure_url),
    );
    stream.end(bytes);
  });
}

/**
 * Validates and stores an uploaded image under a server-made name, without its metadata;
 * returns its public URL.
 */
export async function saveImage(file: UploadedFile | null, folder: ImageFolder): Promise<{ url: string }> {
  const { bytes, type } = readImage(file);
  const clean = await stripMetadata(bytes, type);
  return { url: await store(clean, type.ext, folder) };
}

/**
 * Validates an uploaded profile picture and stores it as a square cut from its middle
 * (square-picture.ts), without its metadata; returns its public URL.
 */
export async function savePicture(file: UploadedFile | null): Promise<{ url: string }> {
  const { bytes } = readImage(file);
  const square = await squarePicture(bytes);
  return { url: await store(square.bytes, square.ext, 'pictures') };
}

function store(bytes: Buffer, ext: ImageType['ext'], folder: ImageFolder): Promise<string> {
  return process.env.CLOUDINARY_URL ? saveToCloudinary(bytes, folder) : saveLocally(bytes, ext, folder);
}
