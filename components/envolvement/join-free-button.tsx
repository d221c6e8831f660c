'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { FormAlert } from '@/components/forms/form-alert';
import { useApiAction } from '@/components/forms/use-api-action';
import { usePageRefresh } from '@/components/layout/viewer-context';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { api } from '@/lib/api-client';
import { UNEXPECTED_PAYMENT_ERROR } from '@/lib/domain/payment-messages';
import type { WelcomeDto } from '@/lib/envolvements/welcome';
import { rememberWelcome, useJoinedWelcome } from './joined-welcome';

type JoinFreeButtonProps = { envolvementId: string; label: string; id: string; className?: string };

/**
 * Joins a free envolvement in one click, where the viewer is: the page's join bar, its lock
 * panel, or the offer dialog. Once joined, it says so; the page shows the welcome above the
 * member tabs, and from elsewhere (the dialog on Explore) a link leads there. A refusal
 * (sold out, already a member, ended) is the server's message under the button.
 */
export function JoinFreeButton({ envolvementId, label, id, className }: JoinFreeButtonProps) {
  const refresh = usePageRefresh();
  const pathname = usePathname();
  const welcome = useJoinedWelcome(envolvementId);
  const { busy, error, run } = useApiAction({ message: UNEXPECTED_PAYMENT_ERROR });
  const errorId = `${id}-error`;

  const join = () =>
    run({
      async send() {
        const answer = await api<{ success: boolean; welcome: WelcomeDto | null }>('/api/payment/grant-access', {
          json: { submissionId: envolvementId },
          fallback: 'An error occurred.',
        });
        if (answer.welcome) rememberWelcome(answer.welcome);
        // The page's parts for a member now: the member tabs instead of the lock.
        refresh();
      },
    });

  if (welcome) {
    const onItsPage = pathname.startsWith(`/envolvement/${envolvementId}`);
    return (
      <div className={cn('flex flex-col gap-2', className)}>
        <p
          role="status"
          className="rounded-lg bg-green-50 px-3 py-2 text-center text-sm font-semibold text-green-800"
          data-testid="joined-status"
        >
          You&apos;re in! Welcome aboard.
        </p>
        {!onItsPage && (
          <Link href={`/envolvement/${envolvementId}`} className={buttonClasses('primary', 'md', 'w-full')}>
            See your welcome
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <button
        type="button"
        onClick={join}
        disabled={busy}
        aria-describedby={error ? errorId : undefined}
        className={buttonClasses('primary', 'md', 'w-full')}
        data-testid="join-free"
      >
        {busy ? 'Joining…' : label}
      </button>
      <FormAlert id={errorId} message={error} className="text-center text-xs" />
    </div>
  );
}
