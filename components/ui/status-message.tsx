export type Status = { ok: boolean; text: string } | null;

/** The green or red line under a form after it was sent. */
export function StatusMessage({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p role="status" className={status.ok ? 'text-sm text-green-700' : 'text-sm text-red-600'}>
      {status.text}
    </p>
  );
}
