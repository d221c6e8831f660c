'use client';

import Link from 'next/link';
import { useState } from 'react';
import { sendPublish } from '@/components/envolvement/publish-toggle';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api-client';

export const DRAFT_NOTE = 'It is a draft: only you can see it until you publish it.';
export const PUBLISHED_NOTE = 'Published: everyone can find it in Explore now.';

/** After creating: the new envolvement is a draft, with the way to publish it at once. */
export function CreatedNotice({ id }: { id: string }) {
  const [state, setState] = useState<'draft' | 'publishing' | 'published'>('draft');
  const [error, setError] = useState<string | null>(null);

  async function publish() {
    setState('publishing');
    setError(null);
    try {
      await sendPublish(id, true);
      setState('published');
    } catch (failure) {
      setError(messageOf(failure, 'Failed to publish. You can publish it from its page.'));
      setState('draft');
    }
  }

  return (
    <div className="mt-2 space-y-2">
      <p>{state === 'published' ? PUBLISHED_NOTE : DRAFT_NOTE}</p>
      {error && <p className="text-red-700">{error}</p>}
      <div className="flex flex-wrap items-center gap-3">
        {state !== 'published' && (
          <Button size="sm" onClick={() => void publish()} disabled={state === 'publishing'}>
            {state === 'publishing' ? 'Publishing...' : 'Publish now'}
          </Button>
        )}
        <Link href={`/envolvement/${id}`} className="font-semibold underline">
          View your envolvement
        </Link>
      </div>
    </div>
  );
}
