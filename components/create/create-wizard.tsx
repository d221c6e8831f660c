'use client';

import Link from 'next/link';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { emptyWizard, isStepComplete, toCreationBody, validateWizard, WIZARD_STEPS, type WizardState } from '@/lib/envolvements/wizard';
import { StepIndicator } from './step-indicator';
import { WizardPreview } from './wizard-preview';
import { BasicsStep, DatesStep, PricingStep, SettingsStep } from './wizard-steps';

type Status = { tone: 'success' | 'error'; message: string; createdId?: string } | null;

const STEPS = [BasicsStep, PricingStep, DatesStep, SettingsStep];

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

export function CreateWizard() {
  const [state, setState] = useState<WizardState>(emptyWizard);
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  const update = (next: Partial<WizardState> | ((s: WizardState) => WizardState)) =>
    setState((s) => (typeof next === 'function' ? next(s) : { ...s, ...next }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step < WIZARD_STEPS.length) return;
    const found = validateWizard(state);
    setErrors(found);
    if (Object.keys(found).length) {
      setStatus({ tone: 'error', message: 'Please fix the errors before submitting' });
      return;
    }
    setSending(true);
    setStatus(null);
    try {
      const response = await fetch('/api/post/new-base-envolvement', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(toCreationBody(state)),
      });
      const body = (await response.json().catch(() => ({}))) as { postedID?: string; fields?: Record<string, string> };
      if (response.status !== 200 || !body.postedID) {
        setErrors(body.fields ?? {});
        setStatus({ tone: 'error', message: 'Error creating envolvement. Please try again.' });
        return;
      }
      let message = 'Envolvement created successfully!';
      if (state.submissionsAllowed) {
        message = (await openSubmissions(body.postedID, state.submissionContent))
          ? 'Envolvement created and submissions opened successfully!'
          : 'Envolvement created, but failed to open submissions. You can open them later by editing the Envolvement.';
      }
      setStatus({ tone: 'success', message, createdId: body.postedID });
      setState(emptyWizard());
      setErrors({});
      setStep(1);
    } catch {
      setStatus({ tone: 'error', message: 'Network error. Please check your connection and try again.' });
    } finally {
      setSending(false);
    }
  }

  const Step = STEPS[step - 1]!;
  const canAdvance = isStepComplete(step, state);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">Create New Envolvement</h1>
          <p className="mt-1 text-slate-600">Share your unique experience with the world</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setShowPreview((v) => !v)}>
          {showPreview ? 'Hide Preview' : 'Show Preview'}
        </Button>
      </div>
      {showPreview && <WizardPreview state={state} />}
      <form ref={formRef} onSubmit={submit} className="scroll-mt-20 space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" noValidate>
        <StepIndicator step={step} />
        <Step state={state} update={update} errors={errors} />
        <div className="flex items-center justify-between border-t border-slate-100 pt-5">
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
      {status && (
        <div
          role="status"
          className={cn('rounded-xl px-4 py-3 text-sm font-medium', status.tone === 'success' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700')}
        >
          <p>{status.message}</p>
          {status.createdId && (
            <Link href={`/envolvement/${status.createdId}`} className="mt-1 inline-block font-semibold underline">
              View your envolvement
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
