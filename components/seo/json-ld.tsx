import type { JsonLdDocument } from '@/lib/seo/json-ld';

/**
 * A JSON-LD block. It is data, not a script the browser runs, so the page's CSP does not
 * apply to it; `<` is escaped so that no text in it (a title with `</script>`) can end
 * the element early.
 */
export function JsonLd({ data }: { data: JsonLdDocument | null }) {
  if (!data) return null;
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
