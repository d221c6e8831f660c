import 'server-only';
import { db } from '@/lib/db/client';
import type { AmbassadorApplication } from '@/lib/validation/marketing';
import { ambassadorApplications, waitlistEntries } from '@/models';

/** Adds an e-mail to the waitlist; one already there is left as it is. */
export async function joinWaitlist(email: string): Promise<void> {
  await db().insert(waitlistEntries).values({ email: email.toLowerCase() }).onConflictDoNothing();
}

export async function saveAmbassadorApplication(application: AmbassadorApplication): Promise<void> {
  await db()
    .insert(ambassadorApplications)
    .values({
      ...application,
      email: application.email.toLowerCase(),
      contentTypes: [...new Set(application.contentTypes)],
    });
}
