// What the product accepts as an image, for the upload routes, the uploaders in the
// browser and the schemas of every form that stores an image URL.

/** The accepted types, by MIME type, with the extension a stored file gets. */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;

export type ImageMimeType = keyof typeof IMAGE_TYPES;
export type ImageExtension = (typeof IMAGE_TYPES)[ImageMimeType];

/** For an `<input type="file" accept>`. */
export const IMAGE_ACCEPT = Object.keys(IMAGE_TYPES).join(',');

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Pixels an image may decode to, every frame of an animation counted: a few kilobytes can
 * declare a picture that takes gigabytes to open. 40 megapixels holds a photo from most
 * cameras and phones.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const IMAGE_MESSAGES = {
  missing: 'Please select a file first',
  tooLarge: 'Image must be 10 MB or smaller',
  notImage: 'Please choose an image file (PNG, JPG or GIF)',
  svg: 'SVG images are not accepted. Please upload a PNG, JPEG, GIF or WebP image.',
  unknownType: 'Only PNG, JPEG, GIF or WebP images can be uploaded.',
  tooManyPixels: `Image must be ${MAX_IMAGE_PIXELS / 1_000_000} megapixels or smaller (an animation counts all its frames).`,
  unreadable: 'This image could not be read. It may be damaged: please try another file.',
  tooSlow: 'This image takes too long to process. Please try a smaller or shorter one.',
} as const;

export function isImageMimeType(type: string): type is ImageMimeType {
  return Object.hasOwn(IMAGE_TYPES, type);
}

/**
 * Why a file chosen in the browser cannot be uploaded, or null. Only a first look at the
 * declared type and size: the server reads the bytes to tell the real type.
 */
export function imageFileProblem(file: { type: string; size: number } | null | undefined): string | null {
  if (!file) return IMAGE_MESSAGES.missing;
  if (file.type && !file.type.startsWith('image/')) return IMAGE_MESSAGES.notImage;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

// A file the app stored (/uploads/{folder}/{uuid}.{ext}), a picture of the demo data, or
// an image on another https site (the spec lets covers and submissions name one).
const STORED_IMAGE = /^\/uploads\/(covers|banners|updates|submissions|pictures)\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;
const DEMO_IMAGE = /^\/demo\/[\w-]+\.(png|jpg|svg|webp)$/;

/** Whether the app stored this image on its own disk (`/uploads/{folder}/{uuid}.{ext}`). */
export const isStoredImage = (url: string): boolean => STORED_IMAGE.test(url);

/** Whether a stored image URL may be saved on a record: one rule for covers, updates and submissions. */
export function isImageUrl(url: string): boolean {
  if (STORED_IMAGE.test(url) || DEMO_IMAGE.test(url)) return true;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Whether Next's image optimizer may resize this picture: the app's own stored files and
 * Cloudinary's (next.config.ts allows exactly these). An image on any other https site is
 * shown as it is, so the optimizer never fetches from an address a user typed.
 */
export function isOptimizableImage(url: string): boolean {
  if (STORED_IMAGE.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname === 'res.cloudinary.com';
  } catch {
    return false;
  }
}
