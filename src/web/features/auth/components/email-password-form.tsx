import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { type SignInBody, signInSchema } from '../../../../domain/auth/contracts';
import { Button } from '../../../components/ui/button';
import { applyServerErrors, Form, TextField } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { useNetworkName, useSignIn } from '../../../lib/auth/auth-queries';
import { toastApiError } from '../../../lib/toast-api-error';

/** Email + password sign-in against POST /api/auth/signin (used for test-domain accounts). */
export function EmailPasswordForm({ submitLabel = 'Sign In' }: { submitLabel?: string }) {
  const signIn = useSignIn();
  const networkName = useNetworkName();
  const [, navigate] = useLocation();
  const form = useForm<SignInBody>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Sign In Successful', description: `Welcome to ${networkName}!` });
        navigate('/auth-success', { replace: true });
      },
      onError: (err) => {
        applyServerErrors(form, err);
        toastApiError(err, 'An unexpected error occurred', 'Sign In Failed');
      },
    }),
  );

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-3">
      <TextField<SignInBody> name="email" id="signin-email" type="email" label="Email" autoComplete="email" />
      <TextField<SignInBody>
        name="password"
        id="signin-password"
        type="password"
        label="Password"
        autoComplete="current-password"
      />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : submitLabel}
      </Button>
    </Form>
  );
}
