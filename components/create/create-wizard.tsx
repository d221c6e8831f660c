'use client';

import Link from 'next/link';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  emptyWizard,
  firstStepWithError,
  isStepComplete,
  stepErrors,
  toCreationBody,
  validateWizard,
  WIZARD_STEPS,
  type WizardState,
} from '@/lib/envolvements/wizard';
import { StepIndicator } from './step-indicator';
import { WizardPreview } from './wizard-preview';
import { BasicsStep, DatesStep, PricingStep, SettingsStep, type StepProps } from './wizard-steps';

// `fixable`: the form's own errors; the line goes once they are all fixed.
type Status = { tone: 'success' | 'error'; message: string; createdId?: string; fixable?: boolean } | null;

const STEPS = [BasicsStep, PricingStep, DatesStep, SettingsStep];

/** The error paths that a change of this form field settles. */
function errorPathsOf(field: keyof WizardState): string[] {
  if (field === 'endDate' || field === 'targetDate') return ['endDate', 'targetEnvolvmentDate'];
  if (field === 'unlimited') return ['quantity'];
  if (field === 'submissionDescription' || field === 'submissionDeadline') return [`submissions.${field}`];
  if (field === 'publishedReleaseDate') return [`published.${field}`];
  return [field];
}

const within = (key: string, paths: string[]) => paths.some((path) => key === path || key.startsWith(`${path}.`));

async function openSubmissions(id: string, content: WizardState['submissionContent']): Promise<boolean> {
  try {
    const response = await fetch(`/api/user_submissions/open-submissions/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(content),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export function CreateWizard({ creator }: { creator: { nickname: string; picture: string | null } }) {
  const [state, setState] = useState<WizardState>(emptyWizard);
  const [step, setStep] = useState(1);
  // Errors of the last check or of the server; a field's error goes once the field changes.
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Fields the user has left: their errors show while the step is being filled in.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
  const [showPreview, setShowPreview] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A new step starts at its top, not where the long previous step was scrolled to.
  function goTo(next: number) {
    setStep(next);
    const top = formRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  const update: StepProps['update'] = (next) => {
    const changed = typeof next === 'function' ? next(state) : { ...state, ...next };
    const fields = (Object.keys(changed) as Array<keyof WizardState>)
      .filter((k) => changed[k] !== state[k])
      .flatMap(errorPathsOf);
    setState(changed);
    if (fields.length) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !within(key, fields))));
    }
  };
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  function fail(found: Record<string, string>, message: string, fixable = false) {
    setErrors(found);
    setStatus({ tone: 'error', message, fixable });
    const at = firstStepWithError(found);
    if (at && at !== step) goTo(at);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step < WIZARD_STEPS.length || sending) return;
    const found = validateWizard(state);
    if (Object.keys(found).length) return fail(found, 'Please fix the errors before submitting', true);
    setSending(true);
    setStatus(null);
    try {
      const response = await fetch('/api/post/new-base-envolvement', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(toCreationBody(state)),
      });
      const body = (await response.json().catch(() => ({}))) as { postedID?: string; fields?: Record<string, string> };
      if (response.status !== 200 || !body.postedID)
        return fail(body.fields ?? {}, 'Error creating envolvement. Please try again.');
      let message = 'Envolvement created successfully!';
      if (state.submissionsAllowed) {
        message = (await openSubmissions(body.postedID, state.submissionContent))
          ? 'Envolvement created and submissions opened successfully!'
          : 'Envolvement created, but failed to open submissions. You can open them later by editing the Envolvement.';
      }
      setStatus({ tone: 'success', message, createdId: body.postedID });
      setState(emptyWizard());
      setErrors({});
      setTouched(new Set());
      goTo(1);
    } catch {
      setStatus({ tone: 'error', message: 'Network error. Please check your connection and try again.' });
    } finally {
      setSending(false);
    }
  }

  const Step = STEPS[step - 1]!;
  const canAdvance = isStepComplete(step, state);
  const live = stepErrors(step, state);
  const shown = { ...errors };
  for (const [key, message] of Object.entries(live)) if (within(key, [...touched])) shown[key] = message;
  const visibleStatus = status?.fixable && Object.keys(shown).length === 0 ? null : status;

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
      {showPreview && <WizardPreview state={state} creator={creator} />}
      <form
        ref={formRef}
        onSubmit={submit}
        className="scroll-mt-20 space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        noValidate
      >
        <StepIndicator step={step} />
        {visibleStatus && (
          <div
            role="status"
            data-testid="create-status"
            className={cn(
              'rounded-xl px-4 py-3 text-sm font-medium',
              visibleStatus.tone === 'success' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700',
            )}
          >
            <p>{visibleStatus.message}</p>
            {visibleStatus.createdId && (
              <Link
                href={`/envolvement/${visibleStatus.createdId}`}
                className="mt-1 inline-block font-semibold underline"
              >
                View your envolvement
              </Link>
            )}
          </div>
        )}
        <Step state={state} update={update} errors={shown} touch={touch} />
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-5">
          <Button variant="secondary" disabled={step === 1} onClick={() => goTo(Math.max(1, step - 1))}>
            Previous
          </Button>
          {step < WIZARD_STEPS.length ? (
            // Distinct keys: React must not turn this very button into the submit button
            // while its click is still being handled, or the browser would submit the form.
            <Button key="next" disabled={!canAdvance} onClick={() => goTo(step + 1)}>
              Next
            </Button>
          ) : (
            <Button key="create" type="submit" disabled={sending}>
              {sending ? 'Creating...' : 'Create'}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
