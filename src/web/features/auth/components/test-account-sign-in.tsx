import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmailPasswordForm } from './email-password-form';

/** Demo and test accounts (@AUTH_TEST_DOMAIN) sign in on the server-side path, not through Google. */
export default function TestAccountSignIn({ domain }: { domain: string }) {
  return (
    <Card className="mt-6 w-full border-dashed">
      <CardHeader>
        <CardTitle className="text-base!">Demo account sign-in</CardTitle>
        <CardDescription>For @{domain} accounts only.</CardDescription>
      </CardHeader>
      <CardContent>
        <EmailPasswordForm submitLabel="Sign in with demo account" />
      </CardContent>
    </Card>
  );
}
