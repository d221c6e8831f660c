import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { detectImageType } from './image-type';
import { localUploadsDir, UPLOADS_ROUTE } from './index';

// The share cards are drawn on the server (next/og), which reads an image only from a URL it
// can fetch or from a data: URL. A card draws only images this app stored: never an address
// that came from elsewhere, which the server would otherwise fetch on a visitor's behalf.

const LOCAL_FILE = new RegExp(`^${UPLOADS_ROUTE}/(pictures|banners|covers)/([0-9a-f-]{36}\\.(?:png|jpg))$`);
const MAX_BYTES = 2 * 1024 * 1024;
const FETCH_MS = 3_000;

async function readBytes(url: string): Promise<Buffer | null> {
  const local = LOCAL_FILE.exec(url);
  if (local) return fs.readFile(path.join(/*turbopackIgnore: true*/ localUploadsDir(), local[1]!, local[2]!));
  if (!url.startsWith('https://res.cloudinary.com/')) return null;
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_MS) });
  if (!response.ok || Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) return null;
  const bytes = Buffer.from(await response.arrayBuffer());
  return bytes.length > MAX_BYTES ? null : bytes;
}

/**
 * A PNG or JPEG this app stored (on its disk or at Cloudinary) as a data: URL for a share
 * card, or null: another format, another site, or a file that cannot be read (the card then
 * draws without it).
 */
export async function storedImageDataUrl(url: string | null): Promise<string | null> {
  if (!url) return null;
  try {
    const bytes = await readBytes(url);
    const type = bytes && detectImageType(bytes);
    if (!bytes || !type || (type.ext !== 'png' && type.ext !== 'jpg')) return null;
    return `data:${type.mime};base64,${bytes.toString('base64')}`;
  } catch {
    return null;
  }
}
