import { notFound } from 'next/navigation';
import { connection } from 'next/server';

// An address no route answers: rendered for its request, like every page not served from
// the cache, so the 404 page's scripts carry the request's nonce (the not-found page itself
// is built once, for the pages that are).
export default async function MissingPage(): Promise<never> {
  await connection();
  notFound();
}
