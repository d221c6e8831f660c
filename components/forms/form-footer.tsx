import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';

/** A one-action form's end: what went wrong, if anything, and the full-width submit button. */
export function FormFooter({ busy, error, label }: { busy: boolean; error: string | null; label: string }) {
  return (
    <>
      <StatusMessage status={error ? { ok: false, text: error } : null} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Please wait...' : label}
      </Button>
    </>
  );
}
