import 'server-only';
import sharp from 'sharp';
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS } from '@/lib/domain/images';
import { AppError } from '@/lib/http/errors';

// A profile picture is drawn in a circle everywhere and on share cards, so it is stored as
// one square of known size, cut from the middle of what was uploaded. Like every stored
// image it is made again from its pixels alone (see strip-metadata.ts): no EXIF, no place,
// no device. An animation keeps its first frame; share cards cannot draw one anyway.

/** The side of a stored profile picture, in pixels. */
const PICTURE_SIZE = 512;

const ENCODE_SECONDS = 15;

type SquarePicture = { bytes: Buffer; ext: 'jpg' | 'png' };

/**
 * The picture cropped to its centred square and scaled to `size` (a smaller one is scaled up,
 * so every stored picture is the same size), upright, in sRGB: a PNG when it has transparency
 * to keep, else a JPEG. Both are formats the share-card renderer reads.
 */
export async function squarePicture(bytes: Buffer, size = PICTURE_SIZE): Promise<SquarePicture> {
  const input = { failOn: 'truncated', animated: false } as const;
  // Only the header is read: a declared size is refused before anything is decoded.
  const header = await sharp(bytes, { ...input, limitInputPixels: false })
    .metadata()
    .catch(unreadable);
  if (header.width * (header.pageHeight ?? header.height) > MAX_IMAGE_PIXELS) {
    throw new AppError('bad_request', IMAGE_MESSAGES.tooManyPixels);
  }
  let image = sharp(bytes, { ...input, limitInputPixels: MAX_IMAGE_PIXELS })
    // The orientation tag goes with the rest of the EXIF, so it is applied to the pixels first.
    .autoOrient()
    .resize(size, size, { fit: 'cover', position: 'centre' });
  if (header.hasProfile) image = image.withIccProfile('srgb', { attach: false });
  const ext = header.hasAlpha ? 'png' : 'jpg';
  image = ext === 'png' ? image.png() : image.jpeg({ quality: 88, mozjpeg: true });
  const out = await image
    .timeout({ seconds: ENCODE_SECONDS })
    .toBuffer()
    .catch((error: unknown) => {
      if (error instanceof Error && error.message.startsWith('timeout')) {
        throw new AppError('bad_request', IMAGE_MESSAGES.tooSlow);
      }
      return unreadable();
    });
  return { bytes: out, ext };
}

// Whatever the decoder refuses is the file's fault: a 400, never a 500.
function unreadable(): never {
  throw new AppError('bad_request', IMAGE_MESSAGES.unreadable);
}
