import { connection } from 'next/server';

// A page rendered for every request, as a signed-in page of the app is.
export default async function RenderedPage() {
  await connection();
  return (
    <main>
      <h1>Rendered</h1>
      <p>Made for this request.</p>
    </main>
  );
}
