'use client';

import { useEffect, useRef } from 'react';
import type { WelcomeDto } from '@/lib/envolvements/welcome';
import { memberPerks } from '@/lib/envolvements/welcome';
import { cn } from '@/components/ui/cn';

type WelcomePanelProps = {
  welcome: WelcomeDto;
  /** The creator's name, for the line that introduces their message. */
  creatorName?: string;
  className?: string;
  /**
   * Brought into view and focused when it appears: joined from the join bar at the foot of a
   * phone's screen, the welcome would otherwise wait out of sight, and unannounced.
   */
  focusOnShow?: boolean;
};

/**
 * What a new member sees once they join, free or paid: that they are in, what membership
 * gives them, and the creator's welcome message when there is one.
 */
export function WelcomePanel({ welcome, creatorName, className, focusOnShow = false }: WelcomePanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnShow) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focusOnShow]);
  return (
    <section
      aria-labelledby="welcome-heading"
      className={cn('rounded-2xl border border-green-200 bg-green-50 p-5 text-left sm:p-6', className)}
      data-testid="welcome-panel"
    >
      <h2
        id="welcome-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-bold [overflow-wrap:anywhere] text-green-900 focus:outline-none"
      >
        Welcome to {welcome.title}!
      </h2>
      <p className="mt-1 text-sm text-green-900">You are a member now.</p>
      {welcome.welcomeMessage && (
        <figure className="mt-4 rounded-xl bg-white p-4 shadow-sm">
          <figcaption className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {creatorName ? `A message from ${creatorName}` : 'A message from the creator'}
          </figcaption>
          <blockquote
            className="mt-2 text-sm whitespace-pre-line [overflow-wrap:anywhere] text-ink"
            data-testid="welcome-message"
          >
            {welcome.welcomeMessage}
          </blockquote>
        </figure>
      )}
      <h3 className="mt-4 text-sm font-semibold text-green-900">What you get</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-green-900" data-testid="welcome-perks">
        {memberPerks(welcome).map((perk) => (
          <li key={perk}>{perk}</li>
        ))}
      </ul>
    </section>
  );
}
