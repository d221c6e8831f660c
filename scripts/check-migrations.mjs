// Fails when models/ declares a change that no migration in drizzle/ carries: drizzle-kit
// generates into a scratch copy of drizzle/ and must find nothing to do.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';

// drizzle-kit takes the output folder relative to the project.
const scratch = `.drizzle-check-${process.pid}`;
cpSync('drizzle', scratch, { recursive: true });
const result = spawnSync(
  process.execPath,
  [
    '--conditions=react-server',
    'node_modules/drizzle-kit/bin.cjs',
    'generate',
    '--dialect=postgresql',
    '--schema=./models/index.ts',
    `--out=./${scratch}`,
  ],
  { encoding: 'utf8' },
);
rmSync(scratch, { recursive: true, force: true });
const output = `${result.stdout}${result.stderr}`;
if (result.status !== 0 || !output.includes('No schema changes')) {
  console.error(output);
  console.error('models/ and drizzle/ disagree: run `npm run db:generate` and commit the new migration.');
  process.exit(1);
}
console.log('The migrations match the schema.');
