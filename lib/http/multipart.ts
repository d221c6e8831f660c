import 'server-only';
import busboy, { type Busboy } from 'busboy';
import { AppError } from './errors';

export type UploadedFile = { filename: string; mimeType: string; bytes: Buffer };

export type UploadLimits = {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** The 413's message when the file is larger. */
  tooLargeMessage: string;
};

const NOT_MULTIPART = 'The request must be multipart form data.';
const NO_FILE = 'Please select a file first';

// Boundaries, part headers and a few small fields around the file. No body may be larger
// than the file plus this: a client cannot make us read more by sending parts we ignore.
const MULTIPART_OVERHEAD = 64 * 1024;

const notMultipart = () => new AppError('bad_request', NOT_MULTIPART);
const noop = () => undefined;

function openParser(request: Request, maxBytes: number): Busboy {
  const contentType = request.headers.get('content-type') ?? '';
  // busboy parses urlencoded bodies as well: only multipart is a file upload.
  if (contentType.split(';')[0]!.trim().toLowerCase() !== 'multipart/form-data' || !request.body) throw notMultipart();
  try {
    return busboy({
      headers: { 'content-type': contentType },
      // busboy flags a file of exactly `fileSize` bytes as cut: one byte more tells
      // "at the limit" from "past it", so at most maxBytes + 1 bytes are ever kept.
      limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 20 },
    });
  } catch {
    // No boundary, or a content type busboy cannot read.
    throw notMultipart();
  }
}

/**
 * Collects the file in `field` while the parser is fed. `file` settles when the form has
 * been parsed to its end; `failed` rejects as soon as the file is too large or the form
 * is malformed, possibly in the middle of a write.
 */
function collectFile(parser: Busboy, field: string, tooLarge: () => AppError) {
  let fail: (error: AppError) => void = noop;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(noop);
  const file = new Promise<UploadedFile | null>((resolve) => {
    let found: { filename: string; mimeType: string; chunks: Buffer[]; size: number } | null = null;
    parser.on('file', (name, stream, info) => {
      // Destroying the parser destroys the file it is in: every file stream needs a listener.
      stream.on('error', () => fail(notMultipart()));
      if (name !== field || found) {
        stream.resume();
        return;
      }
      const current = { filename: info.filename ?? '', mimeType: info.mimeType, chunks: [] as Buffer[], size: 0 };
      found = current;
      stream.on('data', (chunk: Buffer) => {
        current.chunks.push(chunk);
        current.size += chunk.length;
      });
      stream.on('limit', () => fail(tooLarge()));
    });
    parser.on('error', () => fail(notMultipart()));
    parser.on('finish', () => {
      resolve(
        found && { filename: found.filename, mimeType: found.mimeType, bytes: Buffer.concat(found.chunks, found.size) },
      );
    });
  });
  return { file, failed };
}

function write(parser: Busboy, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    parser.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

/**
 * Streams a multipart body and returns the file in `field`, without ever holding more
 * than `maxBytes + 1` bytes of it: a larger file (or body) is refused with a 413 the
 * moment it shows, and the rest is never read. A body that is not a well-formed
 * multipart form is a 400, never a 500.
 */
export async function readUploadedFile(
  request: Request,
  field: string,
  { maxBytes, tooLargeMessage }: UploadLimits,
): Promise<UploadedFile> {
  const tooLarge = () => new AppError('too_large', tooLargeMessage);
  const bodyLimit = maxBytes + MULTIPART_OVERHEAD;
  if (Number(request.headers.get('content-length')) > bodyLimit) throw tooLarge();
  const parser = openParser(request, maxBytes);
  const { file, failed } = collectFile(parser, field, tooLarge);
  const reader = request.body!.getReader();
  let complete = false;
  try {
    let received = 0;
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), failed]);
      if (done) break;
      received += value.byteLength;
      if (received > bodyLimit) throw tooLarge();
      await Promise.race([write(parser, value), failed]);
    }
    complete = true;
    parser.end();
    const uploaded = await Promise.race([file, failed]);
    if (!uploaded || uploaded.bytes.length === 0) throw new AppError('bad_request', NO_FILE);
    return uploaded;
  } catch (error) {
    // A client that cuts the connection (or any other stream failure) sent a broken form.
    throw error instanceof AppError ? error : notMultipart();
  } finally {
    // Whatever went wrong, stop reading the client's body and drop what was parsed.
    if (!complete) reader.cancel().catch(noop);
    parser.destroy();
  }
}
