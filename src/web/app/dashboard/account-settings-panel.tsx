import type { AuthUser } from '../../../domain/auth/contracts';
import { EmailPreferences } from '../../features/notifications/components/email-preferences';
import AccountSettingsTab from '../../features/profile/components/account-settings-tab';

/** The Account Settings tab: the profile feature's photo and email, then the notification email switches. */
export default function AccountSettingsPanel({ user }: { user: AuthUser }) {
  return (
    <div className="space-y-6">
      <AccountSettingsTab user={user} />
      <EmailPreferences />
    </div>
  );
}
