import 'server-only';
import { db } from '@/lib/db/client';
import type { AmbassadorApplication } from '@/lib/validation/marketing';
import { ambassadorApplications } from '@/models';

export async function saveAmbassadorApplication(application: AmbassadorApplication): Promise<void> {
  await db()
    .insert(ambassadorApplications)
    .values({
      ...application,
      email: application.email.toLowerCase(),
      contentTypes: [...new Set(application.contentTypes)],
    });
}
