import { Input } from '@/components/ui/field';

/** A calendar day in the browser's date picker, between `min` and `max` when given; '' is none. */
export function DateInput({
  value,
  onChange,
  min,
  max,
}: {
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}) {
  return <Input type="date" min={min} max={max} value={value} onChange={(e) => onChange(e.target.value)} />;
}
