import type { ReactNode } from 'react';

type ExternalLinkProps = {
  href: string;
  className?: string;
  /** A link a user wrote (a submission's URL): search engines are told it is not ours to vouch for. */
  userContent?: boolean;
  children: ReactNode;
};

/** A link to another site, opened in a new tab that cannot reach back into this one. */
export function ExternalLink({ href, className, userContent = false, children }: ExternalLinkProps) {
  return (
    <a
      href={href}
      target="_blank"
      rel={userContent ? 'noopener noreferrer nofollow ugc' : 'noopener noreferrer'}
      className={className}
    >
      {children}
    </a>
  );
}
