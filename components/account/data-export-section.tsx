import { getExportMailAddress, getLatestExport } from '@/lib/account/exports';
import { EXPORT_LIFETIME_DAYS } from '@/lib/domain/accounts';
import { DataExportPanel } from './data-export-panel';
import { SettingsSection } from './settings-section';

/** The account page's "Download my data" card (the ready mail links to it: #data). */
export async function DataExportSection({ userId }: { userId: string }) {
  const [latest, mailTo] = await Promise.all([getLatestExport(userId), getExportMailAddress(userId)]);
  return (
    <SettingsSection
      id="data"
      title="Download my data"
      intro={`One JSON file with your profile, envolvements, updates, memberships, payments, submissions, comments, notifications and e-mail settings. It takes a minute or so to prepare, and can be downloaded for ${EXPORT_LIFETIME_DAYS} days.`}
    >
      <DataExportPanel initial={latest} mailTo={mailTo} />
    </SettingsSection>
  );
}
