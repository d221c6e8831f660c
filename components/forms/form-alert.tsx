import { cn } from '@/components/ui/cn';

type FormAlertProps = {
  message: string | null | undefined;
  /** On a tinted box, where the message stands apart from the form (checkout, sign-in). */
  boxed?: boolean;
  id?: string;
  className?: string;
};

/** A form's or an action's failure, read out as soon as it shows; nothing when there is none. */
export function FormAlert({ message, boxed = false, id, className }: FormAlertProps) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className={cn(boxed ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700' : 'text-sm text-red-600', className)}
    >
      {message}
    </p>
  );
}
