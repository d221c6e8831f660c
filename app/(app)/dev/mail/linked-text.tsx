import { Fragment } from 'react';
import { ExternalLink } from '@/components/ui/external-link';

// A web address in plain text: up to a space, a quote or a bracket (html-to-text writes a
// link as `label [url]`); punctuation that ends a sentence is not part of it.
const WEB_ADDRESS = /https?:\/\/[^\s<>"'[\]{}]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

type Part = { text: string; href?: string };

function partsOf(text: string): Part[] {
  const parts: Part[] = [];
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!URL.canParse(address)) continue;
    parts.push({ text: text.slice(from, match.index) }, { text: address, href: address });
    from = match.index + address.length;
  }
  parts.push({ text: text.slice(from) });
  return parts.filter((part) => part.text !== '');
}

/**
 * An e-mail's plain text with its http(s) addresses as links. Everything is a React text
 * node, so markup in the mail shows as written; only http and https become links.
 */
export function LinkedText({ text }: { text: string }) {
  return partsOf(text).map((part, index) => (
    <Fragment key={index}>
      {part.href ? (
        <ExternalLink href={part.href} className="break-all text-brand-700 underline hover:text-brand-800">
          {part.text}
        </ExternalLink>
      ) : (
        part.text
      )}
    </Fragment>
  ));
}
