// Runs once per server process before it takes requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { prepareDatabase } = await import('./lib/db/prepare');
  await prepareDatabase();
}
