// Where a page can be shared without any script of another site: a mail and each network's
// own share address, opened as a plain link. What is shared is the page's public address.

export type ShareTarget = { name: string; href: string };

export type Shared = {
  /** The page's absolute address. */
  url: string;
  /** What it is, for a mail's subject and a post's first line. */
  title: string;
};

const enc = encodeURIComponent;

/** A mail to be written, then each network's share page, in the order a menu lists them. */
export function shareTargets({ url, title }: Shared): ShareTarget[] {
  return [
    { name: 'E-mail', href: `mailto:?subject=${enc(title)}&body=${enc(`${title}\n${url}`)}` },
    { name: 'X', href: `https://x.com/intent/tweet?text=${enc(title)}&url=${enc(url)}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}` },
    { name: 'Bluesky', href: `https://bsky.app/intent/compose?text=${enc(`${title} ${url}`)}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${enc(`${title} ${url}`)}` },
    { name: 'Reddit', href: `https://www.reddit.com/submit?url=${enc(url)}&title=${enc(title)}` },
  ];
}
