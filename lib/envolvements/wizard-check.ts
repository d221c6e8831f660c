// The wizard's checks: the server's own schema (zod) run on what the wizard would send.
// Apart from wizard.ts so that the create page can draw its form before zod has loaded.
import { checkWith } from '@/lib/validation/check';
import { createEnvolvementSchema } from '@/lib/validation/envolvement';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { stepOfField, toCreationBody, type WizardState } from './wizard';

/**
 * The final check before sending: the server's own schema run on the body the wizard
 * would send, so the wizard cannot accept what the server refuses or word it differently.
 * `currency` is the one new prices are stored in (`Selling.currency`), as on the server.
 */
export function validateWizard(state: WizardState, currency: string): FieldErrors {
  const checked = checkWith(createEnvolvementSchema(currency), toCreationBody(state));
  return checked.ok ? {} : checked.fields;
}

/** The errors of one step's fields, for showing them as the user fills that step in. */
export function stepErrors(step: number, state: WizardState, currency: string): FieldErrors {
  return Object.fromEntries(
    Object.entries(validateWizard(state, currency)).filter(([field]) => stepOfField(field) === step),
  );
}
