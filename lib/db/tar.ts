import 'server-only';

/**
 * The tar archives of PGlite's dumpDataDir(): ustar headers, files and folders only, names
 * under 100 characters. Read strictly, since a backup is only as good as the check that
 * finds its damage: every header's checksum, every member whole, the end-of-archive marker
 * present and nothing after it. (PGlite's own reader checks headers but takes a member cut
 * short as it comes.)
 */
export type TarMember = {
  name: string;
  type: 'file' | 'directory';
  data: Uint8Array;
  /** The member as it lies in the archive, header and padding included. */
  record: Uint8Array;
};

/** What is wrong with an archive, said so that it can follow "the archive is damaged: ". */
export class DamagedTarError extends Error {
  name = 'DamagedTarError';
}

const BLOCK = 512;
const NAME_LENGTH = 100;
const CHECKSUM_AT = 148;
const CHECKSUM_LENGTH = 8;

const isZero = (bytes: Uint8Array) => bytes.every((byte) => byte === 0);

/** A member's name as the data directory knows it: PGlite's start with a slash. */
export const stripRoot = (name: string) => name.replace(/^\//, '');

function readText(header: Uint8Array, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString('latin1');
}

function readOctal(header: Uint8Array, start: number, length: number): number | null {
  const digits = readText(header, start, length).trim();
  return /^[0-7]+$/.test(digits) ? parseInt(digits, 8) : null;
}

// The sum of the header's bytes, its own checksum field counted as spaces.
function sumHeader(header: Uint8Array): number {
  let sum = 0;
  for (let at = 0; at < BLOCK; at += 1) {
    const inField = at >= CHECKSUM_AT && at < CHECKSUM_AT + CHECKSUM_LENGTH;
    sum += inField ? 0x20 : header[at]!;
  }
  return sum;
}

const paddedLength = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

/** Every member of `tar`, or a DamagedTarError naming the first thing wrong with it. */
export function readTar(tar: Uint8Array): TarMember[] {
  const members: TarMember[] = [];
  let offset = 0;
  for (;;) {
    if (offset + 2 * BLOCK > tar.length) {
      throw new DamagedTarError(`it ends at byte ${tar.length}, before its end-of-archive marker`);
    }
    const header = tar.subarray(offset, offset + BLOCK);
    if (isZero(header)) {
      if (!isZero(tar.subarray(offset))) throw new DamagedTarError(`it holds bytes after its end at byte ${offset}`);
      return members;
    }
    if (readOctal(header, CHECKSUM_AT, CHECKSUM_LENGTH) !== sumHeader(header)) {
      throw new DamagedTarError(`the header at byte ${offset} does not match its checksum`);
    }
    const name = readText(header, 0, NAME_LENGTH);
    const flag = header[156];
    // '0' (or NUL, in old tars) a file, '5' a folder.
    const type = flag === 0x30 || flag === 0 ? 'file' : flag === 0x35 ? 'directory' : null;
    if (type === null) throw new DamagedTarError(`${stripRoot(name)} is neither a file nor a folder (type ${flag})`);
    const size = type === 'file' ? readOctal(header, 124, 12) : 0;
    if (size === null) throw new DamagedTarError(`the header of ${stripRoot(name)} has no size`);
    const end = offset + BLOCK + paddedLength(size);
    if (end > tar.length) throw new DamagedTarError(`it ends in the middle of ${stripRoot(name)}`);
    const data = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    members.push({ name, type, data, record: tar.subarray(offset, end) });
    offset = end;
  }
}

/** A file member, header and padded data, as PGlite's writer makes them. */
export function writeTarFile(name: string, data: Uint8Array, modified: Date = new Date()): Uint8Array {
  if (Buffer.byteLength(name, 'latin1') >= NAME_LENGTH) throw new Error(`A tar name is too long: ${name}`);
  const record = new Uint8Array(BLOCK + paddedLength(data.length));
  const put = (start: number, text: string) => record.set(Buffer.from(text, 'latin1'), start);
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  put(0, name);
  put(100, octal(0o644, 8));
  put(108, octal(0, 8));
  put(116, octal(0, 8));
  put(124, octal(data.length, 12));
  put(136, octal(Math.floor(modified.getTime() / 1000), 12));
  put(156, '0');
  put(257, 'ustar\u000000');
  put(CHECKSUM_AT, `${octal(sumHeader(record), 7)} `);
  record.set(data, BLOCK);
  return record;
}

/** An archive of these members, in this order. */
export function joinTar(records: Uint8Array[]): Buffer<ArrayBuffer> {
  return Buffer.concat([...records, new Uint8Array(2 * BLOCK)]);
}
