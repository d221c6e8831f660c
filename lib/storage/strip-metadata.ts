import 'server-only';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS } from '@/lib/domain/images';
import { AppError } from '@/lib/http/errors';
import { isLosslessWebp, type ImageType } from './image-type';

// A stored image is made again from its pixels alone: what a camera or an editor wrote beside
// them (EXIF with the place a photo was taken, XMP, IPTC, comments, colour profiles naming a
// device) is public at the image's URL, and sharp carries none of it over unless asked to.

const INPUT = {
  // Every frame of an animation, not only the first.
  animated: true,
  // Browsers draw images with small flaws (a wrong checksum, stray bytes after the end), so
  // these are taken; a file cut short would be stored with a grey gap, so it is refused.
  failOn: 'truncated',
} as const;

const ENCODE_SECONDS = 15;

/** The image upright, in the format it came in, with nothing but its pixels. */
export async function stripMetadata(bytes: Buffer, type: ImageType): Promise<Buffer> {
  // Only the header is read: a declared size is refused before anything is decoded.
  const header = await sharp(bytes, { ...INPUT, limitInputPixels: false })
    .metadata()
    .catch(unreadable);
  // With `animated`, the height is that of all the frames one above the other.
  if (header.width * header.height > MAX_IMAGE_PIXELS) {
    throw new AppError('bad_request', IMAGE_MESSAGES.tooManyPixels);
  }
  let image = sharp(bytes, { ...INPUT, limitInputPixels: MAX_IMAGE_PIXELS });
  // The orientation tag goes with the rest of the EXIF, so it is applied to the pixels first.
  // sharp cannot turn the frames of an animation; no camera tags one, so it is kept as drawn.
  if ((header.pages ?? 1) === 1) image = image.autoOrient();
  // A dropped profile would leave its colours to be read as sRGB: they are converted to sRGB.
  // sharp does so by itself for 8-bit images, but converts 16-bit ones to Display P3.
  if (header.hasProfile) image = image.withIccProfile('srgb', { attach: false });
  // A noisy animation near the size limit can take seconds of a worker thread: past this,
  // it is refused rather than holding one of the few threads image work and hashing share.
  return encode(image.timeout({ seconds: ENCODE_SECONDS }), type, bytes)
    .toBuffer()
    .catch((error: unknown) => {
      if (error instanceof Error && error.message.startsWith('timeout')) {
        throw new AppError('bad_request', IMAGE_MESSAGES.tooSlow);
      }
      return unreadable();
    });
}

function encode(image: Sharp, type: ImageType, bytes: Buffer): Sharp {
  switch (type.ext) {
    case 'jpg':
      return image.jpeg({ quality: 90 });
    case 'png':
      return image.png();
    case 'gif':
      // The frames keep their delays and loop count. Choosing their palettes is most of the
      // work, and the least effort does it three times faster, colours a step or two off at most.
      return image.gif({ effort: 1 });
    case 'webp':
      return image.webp(isLosslessWebp(bytes) ? { lossless: true } : { quality: 90 });
  }
}

// Whatever the decoder refuses is the file's fault: a 400, never a 500.
function unreadable(): never {
  throw new AppError('bad_request', IMAGE_MESSAGES.unreadable);
}
