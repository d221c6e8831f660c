// After `next build`: fails when a browser chunk carries the database schema.
import path from 'node:path';
import { buildDir, findLeaks, schemaMarkers } from './client-bundle';

const chunks = path.join(buildDir(), 'static');
const leaks = findLeaks(chunks, schemaMarkers());
for (const leak of leaks) {
  console.error(`${leak.file} contains the schema's "${leak.marker}"`);
}
if (leaks.length > 0) {
  console.error('A client component imports server code (models/ or something that uses it).');
  process.exit(1);
}
console.log('No client chunk contains the database schema.');
