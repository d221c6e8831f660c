import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import busboy from 'busboy';
import { v2 as cloudinary } from 'cloudinary';
import { afterAll, beforeAll } from 'vitest';
import { detectImageType } from '@/lib/storage/image-type';

// A local stand-in for Cloudinary's upload API (upload and destroy), so the real SDK stores
// and removes images end to end without the network. The SDK picks HTTP or HTTPS once, when
// it is first loaded, from the address it is configured with then: the app loads it without
// one, so it speaks HTTPS, and the fake answers with a certificate made for the test and
// trusted only while the test runs.

export type CloudinaryUpload = {
  cloudName: string;
  /** The signed parameters: folder, public_id, timestamp… */
  fields: Record<string, string>;
  file: Buffer;
};

export type FakeCloudinary = {
  cloudName: string;
  uploads: CloudinaryUpload[];
  /** The public ids the SDK asked to destroy, in order (but for the requests made to fail). */
  destroyed: string[];
  /** How many of the next destroy requests fail, as Cloudinary does when it is in trouble (500). */
  failDestroys: number;
};

const CLOUD_NAME = 'envolve-test';
const API_KEY = '123456789012345';
const API_SECRET = 'fake-cloudinary-secret';

/** Sends this file's uploads to a fake Cloudinary, through the real SDK; stopped afterwards. */
export function useFakeCloudinary(): FakeCloudinary {
  const fake: FakeCloudinary = { cloudName: CLOUD_NAME, uploads: [], destroyed: [], failDestroys: 0 };
  const { cert, key } = selfSignedCertificate();
  const server = https.createServer({ cert, key }, (req, res) => {
    const [, cloud, action] = /^\/v1_1\/([^/]+)\/image\/(upload|destroy)$/.exec(req.url ?? '') ?? [];
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    const form = busboy({ headers: req.headers });
    form.on('field', (name, value) => (fields[name] = value));
    form.on('file', (_name, stream) => stream.on('data', (chunk: Buffer) => chunks.push(chunk)));
    form.on('close', () => {
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!action || req.method !== 'POST') return answer(404, { error: { message: 'Not found' } });
      if (fields.api_key !== API_KEY || fields.signature !== sign(fields)) {
        return answer(401, { error: { message: 'Invalid Signature' } });
      }
      if (action === 'destroy') {
        if (fake.failDestroys > 0) {
          fake.failDestroys -= 1;
          return answer(500, { error: { message: 'General Error' } });
        }
        const id = fields.public_id!;
        const stored =
          fake.uploads.some((u) => `${u.fields.folder}/${u.fields.public_id}` === id) && !fake.destroyed.includes(id);
        fake.destroyed.push(id);
        return answer(200, { result: stored ? 'ok' : 'not found' });
      }
      const file = Buffer.concat(chunks);
      fake.uploads.push({ cloudName: cloud!, fields, file });
      const publicId = [fields.folder, fields.public_id].filter(Boolean).join('/');
      const format = detectImageType(file)?.ext;
      answer(200, {
        public_id: publicId,
        version: 1,
        format,
        resource_type: 'image',
        bytes: file.length,
        secure_url: `https://res.cloudinary.com/${cloud}/image/upload/v1/${publicId}.${format}`,
      });
    });
    req.pipe(form);
  });

  const before = { url: process.env.CLOUDINARY_URL, ca: https.globalAgent.options.ca };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const prefix = encodeURIComponent(`https://127.0.0.1:${port}`);
    process.env.CLOUDINARY_URL = `cloudinary://${API_KEY}:${API_SECRET}@${CLOUD_NAME}?upload_prefix=${prefix}`;
    // The SDK keeps the settings it read first; `true` has it read the environment again.
    cloudinary.config(true);
    // The SDK takes no certificate of its own: Node's default agent trusts this one too.
    https.globalAgent.options.ca = [...tls.rootCertificates, cert];
  });
  afterAll(async () => {
    https.globalAgent.options.ca = before.ca;
    if (before.url === undefined) delete process.env.CLOUDINARY_URL;
    else process.env.CLOUDINARY_URL = before.url;
    cloudinary.config(true);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  });
  return fake;
}

// Cloudinary's rule: the parameters but the file and the key, sorted, as k=v joined by &
// (an & inside a value escaped), followed by the secret, in SHA-1.
function sign(fields: Record<string, string>): string {
  const signed = Object.entries(fields)
    .filter(([name, value]) => !['file', 'api_key', 'signature', 'resource_type', 'cloud_name'].includes(name) && value)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`.replace(/&/g, '%26'));
  return crypto
    .createHash('sha1')
    .update(signed.join('&') + API_SECRET)
    .digest('hex');
}

// A certificate for 127.0.0.1 that signs itself, written in DER by hand: Node reads
// certificates but does not make them.
function selfSignedCertificate(): { cert: string; key: string } {
  const der = (tag: number, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const n = body.length;
    const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
    return Buffer.concat([Buffer.from([tag, ...length]), body]);
  };
  const sequence = (...parts: Buffer[]) => der(0x30, ...parts);
  const oid = (hex: string) => der(0x06, Buffer.from(hex, 'hex'));
  const time = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));
  const extension = (id: string, value: Buffer) => sequence(oid(id), der(0x04, value));

  const ecdsaWithSha256 = sequence(oid('2a8648ce3d040302'));
  const name = sequence(der(0x31, sequence(oid('550403'), der(0x0c, Buffer.from('127.0.0.1')))));
  const day = 24 * 60 * 60 * 1000;
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const body = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))), // version 3
    der(0x02, Buffer.from([1])), // serial number
    ecdsaWithSha256,
    name,
    sequence(time(new Date(Date.now() - day)), time(new Date(Date.now() + day))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(
      0xa3,
      sequence(
        extension('551d13', sequence(der(0x01, Buffer.from([0xff])))), // a CA: it is its own issuer
        extension('551d11', sequence(der(0x87, Buffer.from([127, 0, 0, 1])))), // for the IP 127.0.0.1
      ),
    ),
  );
  const signature = crypto.sign('sha256', body, privateKey);
  const cert = sequence(body, ecdsaWithSha256, der(0x03, Buffer.from([0]), signature));
  const lines = cert
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
