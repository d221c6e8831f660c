import Link from 'next/link';

// No user matched the term: the spec's message, answered with a 404.
export default function NoUserFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <h1 className="text-lg font-semibold text-ink">Sorry, no user can be found.</h1>
      <nav aria-label="What next" className="mt-6 flex gap-4 text-sm font-semibold text-brand-700">
        <Link href="/profile/search">Search again</Link>
        <Link href="/contact-us">Contact us</Link>
        <Link href="/">Home</Link>
      </nav>
    </div>
  );
}
