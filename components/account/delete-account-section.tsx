import { getAccountDeletionImpact } from '@/lib/account/impact';
import { getAccountUser } from '@/lib/users/service';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

/** The account page's "Delete account" card; its dialog reads this account's numbers. */
export async function DeleteAccountSection({ userId }: { userId: string }) {
  const [account, impact] = await Promise.all([getAccountUser(userId), getAccountDeletionImpact(userId)]);
  if (!account) return null;
  return (
    <SettingsSection
      id="delete"
      title="Delete account"
      intro="Your profile and everything that names you are erased for good. Your envolvements are removed first, and their paid members refunded."
    >
      <DeleteAccountDialog impact={impact} hasPassword={account.hasPassword} />
    </SettingsSection>
  );
}
