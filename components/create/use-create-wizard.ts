'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/api-client';
import {
  emptyWizard,
  firstStepWithError,
  toCreationBody,
  WIZARD_STEPS,
  type WizardState,
} from '@/lib/envolvements/wizard';
import type * as WizardChecks from '@/lib/envolvements/wizard-check';
import { MESSAGES } from '@/lib/validation/envolvement-limits';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { STEP_HEADING_ID, type StepProps } from './wizard-steps';

// `fixable`: the form's own errors; the line goes once they are all fixed.
export type WizardStatus = {
  tone: 'success' | 'error';
  message: string;
  createdId?: string;
  fixable?: boolean;
} | null;

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
  return api(`/api/user_submissions/open-submissions/${id}`, { json: content }).then(
    () => true,
    () => false,
  );
}

/** Creates the envolvement, then opens its submissions when asked; says how that went. */
async function create(state: WizardState): Promise<{ id: string; message: string }> {
  const { postedID } = await api<{ postedID?: string }>('/api/post/new-base-envolvement', {
    json: toCreationBody(state),
  });
  if (!postedID) throw new ApiError(502, 'Error creating envolvement. Please try again.');
  if (!state.submissionsAllowed) return { id: postedID, message: 'Envolvement created successfully!' };
  return {
    id: postedID,
    message: (await openSubmissions(postedID, state.submissionContent))
      ? 'Envolvement created and submissions opened successfully!'
      : 'Envolvement created, but failed to open submissions. You can open them later by editing the Envolvement.',
  };
}

// The checks run the server's schema, and zod with it: they load once the form is on the
// screen rather than before it can be drawn (the first page a creator opens is this one).
type Checks = typeof WizardChecks;
const loadChecks = (): Promise<Checks> => import('@/lib/envolvements/wizard-check');

function useChecks(): Checks | null {
  const [checks, setChecks] = useState<Checks | null>(null);
  useEffect(() => {
    let current = true;
    // A failed load is tried again on submit, which says so if it fails there too.
    loadChecks().then(
      (loaded) => current && setChecks(loaded),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return checks;
}

/**
 * Focus follows the step to its heading once the step has changed, so the change is
 * announced and focus never falls to the page. Call the returned function before changing it.
 */
function useStepFocus(step: number): () => void {
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    document.getElementById(STEP_HEADING_ID)?.focus({ preventScroll: true });
  }, [step]);
  return () => {
    changed.current = true;
  };
}

/** The wizard's form state, its step, the errors it shows and its submit. */
export function useCreateWizard() {
  const checks = useChecks();
  const [state, setState] = useState<WizardState>(emptyWizard);
  const [step, setStep] = useState(1);
  // Errors of the last check or of the server; a field's error goes once the field changes.
  const [errors, setErrors] = useState<FieldErrors>({});
  // Fields the user has left: their errors show while the step is being filled in.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<WizardStatus>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusStep = useStepFocus(step);
  // A new step starts at its top, not where the long previous step was scrolled to.
  function goTo(next: number) {
    focusStep();
    setStep(next);
    const top = formRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  const update: StepProps['update'] = (next) => {
    const changed = typeof next === 'function' ? next(state) : { ...state, ...next };
    const paths = (Object.keys(changed) as Array<keyof WizardState>)
      .filter((k) => changed[k] !== state[k])
      .flatMap(errorPathsOf);
    setState(changed);
    if (paths.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !within(key, paths))));
  };
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  function fail(found: FieldErrors, message: string, fixable = false) {
    setErrors(found);
    setStatus({ tone: 'error', message, fixable });
    const at = firstStepWithError(found);
    if (at && at !== step) goTo(at);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step < WIZARD_STEPS.length || sending) return;
    setSending(true);
    setStatus(null);
    try {
      const found = (checks ?? (await loadChecks())).validateWizard(state);
      if (Object.keys(found).length) return fail(found, MESSAGES.fixErrors, true);
      const created = await create(state);
      setStatus({ tone: 'success', message: created.message, createdId: created.id });
      setState(emptyWizard());
      setErrors({});
      setTouched(new Set());
      goTo(1);
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.status === 0) {
        setStatus({ tone: 'error', message: 'Network error. Please check your connection and try again.' });
      } else fail(failure.fields, 'Error creating envolvement. Please try again.');
    } finally {
      setSending(false);
    }
  }

  const shown = { ...errors };
  for (const [key, message] of Object.entries(checks?.stepErrors(step, state) ?? {})) {
    if (within(key, [...touched])) shown[key] = message;
  }
  const visibleStatus = status?.fixable && Object.keys(shown).length === 0 ? null : status;
  return { state, step, goTo, update, touch, errors: shown, status: visibleStatus, sending, submit, formRef };
}
