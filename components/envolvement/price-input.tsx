import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/field';
import { LIMITS } from '@/lib/validation/envolvement-limits';

/**
 * The price box of the wizard and the edit form: a decimal in the currency's units, with
 * the keyboard and the bounds that the schema checks again on the server.
 */
export function PriceInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'min' | 'max' | 'step'>) {
  return <Input type="number" inputMode="decimal" min={0} max={LIMITS.priceMax} step="0.01" {...props} />;
}
