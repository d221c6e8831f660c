'use client';

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useApiAction } from '@/components/forms/use-api-action';
import { api, ApiError, NETWORK_ERROR } from '@/lib/api-client';
import {
  emptyWizard,
  firstStepWithError,
  toCreationBody,
  WIZARD_STEPS,
  type WizardState,
} from '@/lib/envolvements/wizard';
import type * as WizardChecks from '@/lib/envolvements/wizard-check';
import { MESSAGES } from '@/lib/validation/envolvement-limits';
import type { Checked, FieldErrors } from '@/lib/validation/field-errors';
import { STEP_HEADING_ID, type StepProps } from './wizard-steps';

// `fixable`: the form's own errors; the line goes once they are all fixed.
export type WizardStatus = {
  tone: 'success' | 'error';
  message: string;
  createdId?: string;
  /** The title of what was created: what sharing it says. */
  createdTitle?: string;
  fixable?: boolean;
} | null;

/** The error paths that a change of this form field settles. */
function errorPathsOf(field: keyof WizardState): string[] {
  if (field === 'endDate' || field === 'targetDate') return ['endDate', 'targetEnvolvmentDate'];
  if (field === 'unlimited') return ['quantity'];
  if (field === 'submissionDescription' || field === 'submissionDeadline' || field === 'submissionContent')
    return [`submissions.${field}`];
  if (field === 'submissionsAllowed') return ['submissions'];
  if (field === 'publishedReleaseDate') return [`published.${field}`];
  return [field];
}

const within = (key: string, paths: string[]) => paths.some((path) => key === path || key.startsWith(`${path}.`));

const CREATE_FAILED = 'Error creating envolvement. Please try again.';

/**
 * Creates the envolvement; the server opens its submissions in the same transaction when
 * they are allowed, so a success means both were done and a failure that neither was.
 */
async function create(state: WizardState): Promise<{ id: string; message: string }> {
  const { postedID } = await api<{ postedID?: string }>('/api/post/new-base-envolvement', {
    json: toCreationBody(state),
  });
  if (!postedID) throw new ApiError(502, CREATE_FAILED);
  return {
    id: postedID,
    message: state.submissionsAllowed
      ? 'Envolvement created and submissions opened successfully!'
      : 'Envolvement created successfully!',
  };
}

// The checks run the server's schema, and zod with it: they load when the creator first
// reaches into the form (a focus, a press), not with the page (the first page a creator
// opens is this one); they show errors only for fields the creator has left.
type Checks = typeof WizardChecks;
const loadChecks = (): Promise<Checks> => import('@/lib/envolvements/wizard-check');

// A refusal's own words are not shown: a failed creation reads the same whichever field it was.
const describeFailure = (failure: unknown) =>
  failure instanceof ApiError && failure.status !== 0 ? CREATE_FAILED : NETWORK_ERROR;

function useChecks(): { checks: Checks | null; wantChecks: () => void } {
  const [checks, setChecks] = useState<Checks | null>(null);
  const asked = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const wantChecks = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    // A failed load is tried again on submit, which says so if it fails there too.
    loadChecks().then(
      (loaded) => mounted.current && setChecks(loaded),
      () => {
        asked.current = false;
      },
    );
  }, []);
  return { checks, wantChecks };
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

type Failure = { message: string; fixable: boolean; fixed: boolean };
type Created = { id: string; message: string; title: string };

/** The line above the buttons: the failure (gone once the form's own errors are fixed), or what was created. */
function statusOf(failure: Failure | null, created: Created | null): WizardStatus {
  if (failure?.fixable && failure.fixed) return null;
  if (failure) return { tone: 'error', message: failure.message, fixable: failure.fixable };
  return created && { tone: 'success', message: created.message, createdId: created.id, createdTitle: created.title };
}

/**
 * The wizard's form state, its step, the errors it shows and its submit. `currency` is the
 * one a new price is stored in (`Selling.currency`): the checks name amounts in it.
 */
export function useCreateWizard(currency: string) {
  const { checks, wantChecks } = useChecks();
  const [state, setState] = useState<WizardState>(emptyWizard);
  const [step, setStep] = useState(1);
  // Errors of the last check or of the server (action.fields); a field's error goes once the field changes.
  const action = useApiAction({ message: describeFailure });
  // Fields the user has left: their errors show while the step is being filled in.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [created, setCreated] = useState<Created | null>(null);
  // Whether the last failure was the form's own errors: its line goes once they are all fixed.
  const [fixable, setFixable] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusStep = useStepFocus(step);
  // A new step starts at its top, not where the long previous step was scrolled to.
  function goTo(next: number) {
    focusStep();
    setStep(next);
    const top = formRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }
  const showFirstError = (found: FieldErrors) => {
    const at = firstStepWithError(found);
    if (at && at !== step) goTo(at);
  };

  const update: StepProps['update'] = (next) => {
    const changed = typeof next === 'function' ? next(state) : { ...state, ...next };
    const paths = (Object.keys(changed) as Array<keyof WizardState>)
      .filter((k) => changed[k] !== state[k])
      .flatMap(errorPathsOf);
    setState(changed);
    if (paths.length)
      action.setFields((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !within(key, paths))));
  };
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  async function check(): Promise<Checked<WizardState>> {
    const found = (checks ?? (await loadChecks())).validateWizard(state, currency);
    if (!Object.keys(found).length) return { ok: true, data: state };
    showFirstError(found);
    return { ok: false, fields: found, error: MESSAGES.fixErrors };
  }

  async function send(wizard: WizardState) {
    const made = await create(wizard).catch((failure: unknown) => {
      if (failure instanceof ApiError) showFirstError(failure.fields);
      throw failure;
    });
    setCreated({ ...made, title: wizard.title.trim() });
    setState(emptyWizard());
    setTouched(new Set());
    goTo(1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step < WIZARD_STEPS.length) return;
    setCreated(null);
    setFixable((await action.run({ check, send })) === 'invalid');
  }

  const errors = { ...action.fields };
  for (const [key, message] of Object.entries(checks?.stepErrors(step, state, currency) ?? {})) {
    if (within(key, [...touched])) errors[key] = message;
  }
  const failure = action.error === null ? null : { message: action.error, fixable, fixed: !Object.keys(errors).length };
  const status = statusOf(failure, created);
  return { state, step, goTo, update, touch, errors, status, sending: action.busy, submit, formRef, wantChecks };
}
