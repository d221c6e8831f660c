// Image types are told by their first bytes, never by the name or the declared type.
import type { ImageExtension, ImageMimeType } from '@/lib/domain/images';

export type ImageType = { ext: ImageExtension; mime: ImageMimeType };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { ext: 'gif', mime: 'image/gif' };
  }
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { ext: 'webp', mime: 'image/webp' };
  }
  return null;
}

/**
 * Whether a WebP holds a lossless picture (a VP8L chunk), alone or as a frame of an animation
 * (an ANMF chunk, whose picture follows 16 bytes of frame header). The decoder does not say,
 * and a lossless picture re-encoded lossy would lose what it was made lossless for.
 */
export function isLosslessWebp(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fourcc = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  for (let at = 12; at + 8 <= bytes.length;) {
    if (fourcc(at) === 'VP8L' || (fourcc(at) === 'ANMF' && fourcc(at + 8 + 16) === 'VP8L')) return true;
    const size = view.getUint32(at + 4, true);
    // Chunks are padded to an even length.
    at += 8 + size + (size % 2);
  }
  return false;
}
