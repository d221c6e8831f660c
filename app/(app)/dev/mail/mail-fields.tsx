import { format } from 'date-fns';

/** A mail's subject, or a word that it has none. */
export const subjectOf = (mail: { subject: string }) => mail.subject || '(no subject)';

/** When a mail was written, in the server's time zone: the mailbox is read where it runs. */
export function MailDate({ date, className }: { date: string | null; className?: string }) {
  if (!date) return null;
  return (
    <time dateTime={date} className={className}>
      {format(new Date(date), 'MMM d, yyyy, h:mm:ss a')}
    </time>
  );
}
