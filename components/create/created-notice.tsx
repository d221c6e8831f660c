'use client';

import Link from 'next/link';
import { useApiAction } from '@/components/forms/use-api-action';
import { sendPublish } from '@/components/envolvement/publish-request';
import { ShareButton } from '@/components/share/share-button';
import { Button } from '@/components/ui/button';
import { envolvementPath } from '@/lib/seo/urls';

export const DRAFT_NOTE = 'It is a draft: only you can see it until you publish it.';
export const PUBLISHED_NOTE = 'Published: everyone can find it in Explore now.';

/**
 * After creating: the new envolvement is a draft, with the way to publish it at once; once
 * published, the way to share it where the creator's audience is.
 */
export function CreatedNotice({ id, title }: { id: string; title: string }) {
  const {
    busy,
    done: published,
    error,
    run,
  } = useApiAction({
    message: 'Failed to publish. You can publish it from its page.',
  });
  const publish = () => run({ send: () => sendPublish(id, true) });

  return (
    <div className="mt-2 space-y-2">
      <p>{published ? PUBLISHED_NOTE : DRAFT_NOTE}</p>
      {error && <p className="text-red-700">{error}</p>}
      <div className="flex flex-wrap items-center gap-3">
        {!published && (
          <Button size="sm" onClick={() => void publish()} disabled={busy}>
            {busy ? 'Publishing...' : 'Publish now'}
          </Button>
        )}
        {/* A draft is at its private page until it is published. */}
        <Link
          href={published ? `/envolvement/${id}` : `/envolvement/${id}/private`}
          className="font-semibold underline"
        >
          View your envolvement
        </Link>
        {published && <ShareButton path={envolvementPath(id)} title={title} variant="primary" />}
      </div>
    </div>
  );
}
