import { toDayInput } from '@/lib/domain/dates';

/** ISO text to the value of a date input (local calendar day). */
export function toDateInput(iso: string | null | undefined): string {
  return iso ? toDayInput(new Date(iso)) : '';
}

/** A date input's value to ISO text at local midnight, or null when empty. */
export function fromDateInput(value: string): string | null {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toISOString();
}

export function todayInput(): string {
  return toDayInput(new Date());
}
