import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GET as SERVE } from '@/app/uploads/[...path]/route';
import { useTestDatabase } from '../helpers/db';
import { useFakeCloudinary } from '../helpers/fake-cloudinary';
import { call } from '../helpers/http';
import { useTempUploadsDir } from '../helpers/uploads';
import { createUser } from '../factories';
import { animatedGif, brokenJpegBytes, imageForm, phoneJpeg, pngBytes } from '../fixtures/images';

useTestDatabase();
useTempUploadsDir();

const ROUTES = [
  { path: '/api/uploads/image', field: 'image', answer: 'url', status: 201 },
  { path: '/api/profile/banner', field: 'banner', answer: 'bannerUrl', status: 200 },
] as const;

async function upload(bytes: Buffer, name: string, route: (typeof ROUTES)[number] = ROUTES[0]) {
  const form = imageForm(route.field, bytes, name, 'application/octet-stream');
  const res = await call('POST', route.path, { form, as: await createUser() });
  expect(res.status).toBe(route.status);
  return res.body[route.answer] as string;
}

/** The bytes the app serves at a stored image's URL. */
async function served(url: string): Promise<Buffer> {
  const res = await SERVE(new Request(`http://localhost${url}`), {
    params: Promise.resolve({ path: url.split('/').slice(2) }),
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The markers of a JPEG's segments before its image data (APP0 = 0xe0 … comment = 0xfe). */
function jpegMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  for (let at = 2; bytes[at] === 0xff && bytes[at + 1] !== 0xda; at += 2 + bytes.readUInt16BE(at + 2)) {
    markers.push(bytes[at + 1]!);
  }
  return markers;
}

/** The tags of an EXIF block's first directory, where the pointer to its GPS directory is. */
function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray('Exif\0\0'.length);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

/** The types of a PNG's chunks, or of a WebP's (RIFF) chunks. */
function chunkTypes(bytes: Buffer, format: 'png' | 'webp'): string[] {
  const types: string[] = [];
  for (let at = format === 'png' ? 8 : 12; at + 8 <= bytes.length;) {
    const size = format === 'png' ? bytes.readUInt32BE(at) : bytes.readUInt32LE(at + 4);
    types.push(bytes.toString('latin1', format === 'png' ? at + 4 : at, format === 'png' ? at + 8 : at + 4));
    at += format === 'png' ? 12 + size : 8 + size + (size % 2);
  }
  return types;
}

const GPS_DIRECTORY = 0x8825;
const ORIENTATION = 0x0112;

/** What phoneJpeg() becomes once stored: upright, red above blue, with nothing beside its pixels. */
async function expectCleanUprightPhoto(stored: Buffer) {
  const metadata = await sharp(stored).metadata();
  expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
  for (const field of ['orientation', 'exif', 'xmp', 'iptc', 'icc'] as const) expect(metadata[field]).toBeUndefined();
  // No APP1 (EXIF, XMP), APP2 (ICC), APP13 (IPTC) or comment segment: only JFIF's APP0 remains.
  expect(jpegMarkers(stored).filter((marker) => (marker > 0xe0 && marker <= 0xef) || marker === 0xfe)).toEqual([]);
  expect(stored.includes('Exif\0\0')).toBe(false);
  expect(stored.includes('PhoneMaker')).toBe(false);
  const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
  // Each channel rounded to 0 or 1, JPEG's small shifts aside.
  const colourAt = (x: number, y: number) =>
    [...data.subarray((y * info.width + x) * 3, (y * info.width + x + 1) * 3)].map((v) => Math.round(v / 255));
  expect(colourAt(10, 8)).toEqual([1, 0, 0]);
  expect(colourAt(10, 31)).toEqual([0, 0, 1]);
}

describe('images stored on disk', () => {
  it('stores a phone photo upright and without its EXIF (place, camera, owner), as cover and banner', async () => {
    const photo = await phoneJpeg();
    // What it must lose: a GPS directory, the camera, and the orientation it is to be shown in.
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ width: 40, height: 20, orientation: 6 });
    expect(exifTags(original.exif!)).toEqual(expect.arrayContaining([GPS_DIRECTORY, ORIENTATION]));
    expect(photo.includes('PhoneMaker')).toBe(true);
    for (const route of ROUTES) {
      const url = await upload(photo, 'IMG_0001.jpg', route);
      expect(url).toMatch(/\.jpg$/);
      await expectCleanUprightPhoto(await served(url));
    }
  });

  it('drops the text chunks of a PNG and keeps its pixels', async () => {
    const png = pngBytes([112, 71, 249], { text: ['Comment', 'Taken at home, 12 Rue de Rivoli'] });
    expect(chunkTypes(png, 'png')).toEqual(['IHDR', 'tEXt', 'IDAT', 'IEND']);
    const stored = await served(await upload(png, 'a.png'));
    // pHYs is the pixel density (72 dpi) libvips writes into every PNG.
    expect(chunkTypes(stored, 'png')).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(stored.includes('Rivoli')).toBe(false);
    expect([...(await sharp(stored).raw().toBuffer())]).toEqual([112, 71, 249]);
  });

  it('keeps every frame of an animated GIF, with its timing, and drops its comment', async () => {
    const gif = await animatedGif(['#ff0000', '#00ff00', '#0000ff'], [100, 200, 300]);
    // A comment extension, before the trailer: what some editors write into GIFs.
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 14]), Buffer.from('made at home !'), Buffer.from([0])]);
    const commented = Buffer.concat([gif.subarray(0, -1), comment, gif.subarray(-1)]);
    expect((await sharp(commented, { animated: true }).metadata()).pages).toBe(3);
    const stored = await served(await upload(commented, 'a.gif'));
    expect(await sharp(stored, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      width: 12,
      pageHeight: 8,
      pages: 3,
      delay: [100, 200, 300],
      loop: 0,
    });
    expect(stored.includes('made at home')).toBe(false);
    const frames = await sharp(stored, { animated: true }).raw().toBuffer();
    const frameBytes = frames.length / 3;
    expect([0, 1, 2].map((i) => [...frames.subarray(i * frameBytes, i * frameBytes + 3)])).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ]);
  });

  it('converts colours to sRGB before dropping a colour profile, for 8-bit and 16-bit images', async () => {
    const purple = [112, 71, 249];
    const picture = () =>
      sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 112, g: 71, b: 249 } } });
    // The same colour written in Display P3, as wide-gamut phones and editors do.
    for (const [bytes, name] of [
      [await picture().withIccProfile('p3').jpeg({ quality: 100 }).toBuffer(), 'p3.jpg'],
      [await picture().toColourspace('rgb16').withIccProfile('p3').png().toBuffer(), 'p3.png'],
    ] as const) {
      expect((await sharp(bytes).metadata()).icc).toBeDefined();
      const stored = await served(await upload(bytes, name));
      expect((await sharp(stored).metadata()).icc).toBeUndefined();
      const pixel = [...(await sharp(stored).raw().toBuffer()).subarray(0, 3)];
      // Within the rounding of two conversions.
      pixel.forEach((value, i) => expect(Math.abs(value - purple[i]!), `${name}: ${pixel}`).toBeLessThanOrEqual(2));
    }
  });

  it('keeps a WebP lossless or lossy as it came, without its EXIF', async () => {
    const picture = sharp({ create: { width: 4, height: 4, channels: 3, background: '#7047f9' } });
    const exif = { IFD0: { Artist: 'Maya Creates' } };
    const lossless = await picture.clone().webp({ lossless: true }).withExif(exif).toBuffer();
    const lossy = await picture.clone().webp({ quality: 80 }).withExif(exif).toBuffer();
    expect(chunkTypes(lossless, 'webp')).toEqual(['VP8X', 'VP8L', 'EXIF']);
    expect(chunkTypes(lossy, 'webp')).toEqual(['VP8X', 'VP8 ', 'EXIF']);
    const storedLossless = await served(await upload(lossless, 'a.webp'));
    expect(chunkTypes(storedLossless, 'webp')).toEqual(['VP8L']);
    expect(await sharp(storedLossless).raw().toBuffer()).toEqual(await picture.clone().raw().toBuffer());
    expect(chunkTypes(await served(await upload(lossy, 'a.webp')), 'webp')).toEqual(['VP8 ']);
    // An animation whose frames are lossless keeps every one of their pixels.
    const gif = await animatedGif(['#7047f9', '#f97047', '#47f970'], [100, 100, 100]);
    const animation = await sharp(gif, { animated: true }).webp({ lossless: true }).toBuffer();
    const storedAnimation = await served(await upload(animation, 'a.webp'));
    const pixels = (webp: Buffer) => sharp(webp, { animated: true }).raw().toBuffer();
    expect(await pixels(storedAnimation)).toEqual(await pixels(animation));
  });
});

describe('images stored on Cloudinary', () => {
  const cloudinary = useFakeCloudinary();

  it('sends Cloudinary the photo upright and without its EXIF, and answers its address', async () => {
    const url = await upload(await phoneJpeg(), 'IMG_0001.jpg');
    expect(cloudinary.uploads).toHaveLength(1);
    const [sent] = cloudinary.uploads;
    expect(sent!.cloudName).toBe(cloudinary.cloudName);
    expect(sent!.fields).toMatchObject({
      folder: 'envolve/covers',
      public_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(url).toBe(
      `https://res.cloudinary.com/${cloudinary.cloudName}/image/upload/v1/envolve/covers/${sent!.fields.public_id}.jpg`,
    );
    await expectCleanUprightPhoto(sent!.file);
  });

  it('sends nothing when the image cannot be read', async () => {
    const before = cloudinary.uploads.length;
    const res = await call('POST', '/api/uploads/image', {
      form: imageForm('image', brokenJpegBytes(), 'photo.jpg', 'image/jpeg'),
      as: await createUser(),
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: 'This image could not be read. It may be damaged: please try another file.', code: 'bad_request' },
    });
    expect(cloudinary.uploads).toHaveLength(before);
  });
});
