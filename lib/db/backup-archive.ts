import 'server-only';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { DamagedTarError, joinTar, readTar, stripRoot, writeTarFile, type TarMember } from './tar';

/** A backup or restore refused for a reason the operator can act on. */
export class BackupRefusedError extends Error {
  name = 'BackupRefusedError';
}

/**
 * A backup is PGlite's tar of the data directory, gzipped, with one member more: a manifest
 * that lists every member with the SHA-256 and size of every file. gzip's CRC-32 finds a
 * byte flipped in the file as stored; the manifest finds a member damaged, lost or added
 * before it was packed again, and names it. PGlite itself would load any of these, and a
 * damaged table would fail only when the app reads it. The manifest's name is one that no
 * data directory holds; an older release that restores the archive writes it into the
 * folder, where PostgreSQL ignores it.
 */
const MANIFEST = '/envolve-manifest.json';
const FORMAT = 'envolve-backup 1';

type Listed = { name: string; type: TarMember['type']; size?: number; sha256?: string };
type Manifest = { format: string; members: Listed[]; sha256: string };

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

function listMember({ name, type, data }: TarMember): Listed {
  return type === 'file' ? { name, type, size: data.length, sha256: sha256(data) } : { name, type };
}

/** `tar` (PGlite's dump of a data directory) with its manifest, gzipped. */
export function sealBackup(tar: Uint8Array): Buffer {
  const members = readTar(tar);
  const listed = members.map(listMember);
  // The manifest's own checksum tells a damaged manifest from a damaged member.
  const manifest: Manifest = { format: FORMAT, members: listed, sha256: sha256(JSON.stringify(listed)) };
  const records = [
    ...members.map((member) => member.record),
    writeTarFile(MANIFEST, Buffer.from(JSON.stringify(manifest))),
  ];
  return zlib.gzipSync(joinTar(records));
}

function readManifest(data: Uint8Array): Manifest | string {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(Buffer.from(data).toString('utf8')) as Manifest;
  } catch {
    return 'its manifest is not JSON';
  }
  if (manifest?.format !== FORMAT) return `its manifest is not of the format "${FORMAT}"`;
  const { members } = manifest;
  const listsNames = Array.isArray(members) && members.every((entry) => typeof entry?.name === 'string');
  if (!listsNames || sha256(JSON.stringify(members)) !== manifest.sha256) {
    return 'its manifest does not match its own checksum';
  }
  return manifest;
}

/** What differs between the manifest and the members found, first thing first. */
function compareMembers(expected: Listed[], found: TarMember[]): string[] {
  const wrong: string[] = [];
  const listed = new Map(expected.map((entry) => [entry.name, entry]));
  const seen = new Set<string>();
  for (const member of found) {
    const entry = listed.get(member.name);
    if (seen.has(member.name)) wrong.push(`${stripRoot(member.name)} is in it twice`);
    else if (!entry) wrong.push(`${stripRoot(member.name)} is not in its manifest`);
    else if (JSON.stringify(listMember(member)) !== JSON.stringify(entry)) {
      wrong.push(`${stripRoot(member.name)} does not match its SHA-256 in the manifest`);
    }
    seen.add(member.name);
  }
  for (const entry of expected) if (!seen.has(entry.name)) wrong.push(`${stripRoot(entry.name)} is missing`);
  return wrong;
}

/**
 * The tar inside `bytes` (the backup `file`), without its manifest, once every member has
 * been found as the manifest lists it. An archive made before backups carried a manifest
 * is refused unless `allowUnverified`: then only gzip's CRC-32 and the tar's header
 * checksums stand for it, and `verified` is false.
 */
export function openBackup(
  file: string,
  bytes: Uint8Array,
  { allowUnverified = false } = {},
): { tar: Buffer<ArrayBuffer>; verified: boolean } {
  const damaged = (why: string) => new BackupRefusedError(`${file} is damaged: ${why}.`);
  let members: TarMember[];
  try {
    members = readTar(zlib.gunzipSync(bytes));
  } catch (error) {
    if (error instanceof DamagedTarError) throw damaged(error.message);
    // zlib's own words: "unexpected end of file", "incorrect data check"…
    const code = (error as NodeJS.ErrnoException).code;
    if (code?.startsWith('Z_')) throw damaged(`it does not unpack as gzip (${(error as Error).message})`);
    throw error;
  }
  const manifests = members.filter((member) => member.name === MANIFEST);
  const content = members.filter((member) => member.name !== MANIFEST);
  const tar = joinTar(content.map((member) => member.record));
  if (manifests.length === 0) {
    if (allowUnverified) return { tar, verified: false };
    throw new BackupRefusedError(
      `${file} has no manifest of checksums (backups made before they carried one have none), ` +
        'so its files cannot be checked: add --allow-unverified to restore it anyway.',
    );
  }
  if (manifests.length > 1) throw damaged('it holds two manifests');
  const manifest = readManifest(manifests[0]!.data);
  if (typeof manifest === 'string') throw damaged(manifest);
  const wrong = compareMembers(manifest.members, content);
  if (wrong.length > 0) throw damaged(wrong[0] + (wrong.length > 1 ? ` (and ${wrong.length - 1} more)` : ''));
  return { tar, verified: true };
}
