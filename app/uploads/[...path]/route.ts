import fs from 'node:fs/promises';
import path from 'node:path';
import { localUploadsDir } from '@/lib/storage';
import { detectImageType } from '@/lib/storage/image-type';

// GET /uploads/{folder}/{name}: images stored by the local disk driver
export async function GET(_request: Request, context: { params: Promise<{ path: string[] }> }) {
  const { path: parts } = await context.params;
  // Names are made by the server: a folder and a uuid file name, nothing else.
  const valid =
    parts.length === 2 &&
    /^(covers|banners|updates|submissions|pictures)$/.test(parts[0]!) &&
    /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(parts[1]!);
  if (!valid) return new Response('Not found', { status: 404 });
  try {
    const bytes = await fs.readFile(path.join(/*turbopackIgnore: true*/ localUploadsDir(), parts[0]!, parts[1]!));
    const type = detectImageType(bytes);
    if (!type) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': type.mime,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
