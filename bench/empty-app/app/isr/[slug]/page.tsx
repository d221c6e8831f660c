// A page rendered on its first visit and kept, as the app's cached pages are: none is made
// at build time, so every slug not asked for before is rendered and stored.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): Array<{ slug: string }> {
  return [];
}

export default async function IsrPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return (
    <main>
      <h1>{slug}</h1>
      <p>Rendered once, then served from the cache.</p>
    </main>
  );
}
