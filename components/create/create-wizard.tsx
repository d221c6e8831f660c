'use client';

import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { Selling } from '@/lib/domain/selling';
import { createHint, nextHint, WIZARD_STEPS } from '@/lib/envolvements/wizard';
import { StepIndicator } from './step-indicator';
import { useCreateWizard, type WizardStatus } from './use-create-wizard';
import { BasicsStep, DatesStep, PricingStep, SettingsStep } from './wizard-steps';

// Loaded when shown, not with the wizard: the preview (closed until asked for) and the
// notice once an envolvement is made.
const WizardPreview = lazy(() => import('./wizard-preview').then((m) => ({ default: m.WizardPreview })));
const CreatedNotice = lazy(() => import('./created-notice').then((m) => ({ default: m.CreatedNotice })));

const STEPS = [BasicsStep, PricingStep, DatesStep, SettingsStep];

function StatusLine({ status }: { status: NonNullable<WizardStatus> }) {
  return (
    <div
      role="status"
      data-testid="create-status"
      className={cn(
        'rounded-xl px-4 py-3 text-sm font-medium',
        status.tone === 'success' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700',
      )}
    >
      <p>{status.message}</p>
      {status.createdId && (
        <Suspense fallback={null}>
          <CreatedNotice key={status.createdId} id={status.createdId} title={status.createdTitle ?? ''} />
        </Suspense>
      )}
    </div>
  );
}

function StepButtons({
  step,
  hint,
  sending,
  goTo,
}: {
  step: number;
  /** Why Next (or, on the last step, Create) is disabled; null while it may be pressed. */
  hint: string | null;
  sending: boolean;
  goTo: (step: number) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-3 border-t border-slate-100 pt-5">
      <Button variant="secondary" disabled={step === 1} onClick={() => goTo(Math.max(1, step - 1))}>
        Previous
      </Button>
      {step < WIZARD_STEPS.length ? (
        <div className="flex flex-col items-end gap-1">
          {/* Distinct keys: React must not turn this very button into the submit button
              while its click is still being handled, or the browser would submit the form. */}
          <Button
            key="next"
            disabled={hint !== null}
            aria-describedby={hint ? 'wizard-next-hint' : undefined}
            onClick={() => goTo(step + 1)}
          >
            Next
          </Button>
          {hint && (
            <p id="wizard-next-hint" className="text-right text-xs text-slate-600">
              {hint}
            </p>
          )}
        </div>
      ) : (
        <div className="flex flex-col items-end gap-1">
          <Button
            key="create"
            type="submit"
            disabled={sending || hint !== null}
            aria-describedby={hint ? 'wizard-create-hint' : undefined}
          >
            {sending ? 'Creating...' : 'Create'}
          </Button>
          {hint && (
            <p id="wizard-create-hint" className="text-right text-xs text-slate-600">
              {hint}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

export function CreateWizard({
  creator,
  selling,
}: {
  creator: { nickname: string; picture: string | null };
  selling: Selling;
}) {
  const { state, step, goTo, update, touch, errors, status, sending, submit, formRef, wantChecks } = useCreateWizard(
    selling.currency,
  );
  const [showPreview, setShowPreview] = useState(false);
  const Step = STEPS[step - 1]!;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">Create New Envolvement</h1>
          <p className="mt-1 text-slate-600">Share your unique experience with the world</p>
        </div>
        <Button variant="secondary" size="sm" aria-expanded={showPreview} onClick={() => setShowPreview((v) => !v)}>
          {showPreview ? 'Hide Preview' : 'Show Preview'}
        </Button>
      </div>
      {showPreview && (
        <Suspense fallback={<p className="text-sm text-slate-500">Loading the preview…</p>}>
          <WizardPreview state={state} creator={creator} currency={selling.currency} />
        </Suspense>
      )}
      <form
        ref={formRef}
        onSubmit={submit}
        onFocus={wantChecks}
        onPointerDown={wantChecks}
        className="scroll-mt-20 space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        noValidate
      >
        <StepIndicator step={step} />
        {status && <StatusLine status={status} />}
        <Step state={state} update={update} errors={errors} touch={touch} selling={selling} />
        <StepButtons
          step={step}
          hint={step < WIZARD_STEPS.length ? nextHint(step, state, selling.currency) : createHint(state)}
          sending={sending}
          goTo={goTo}
        />
      </form>
    </div>
  );
}
