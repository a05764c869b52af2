import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { type SignInBody, signInSchema } from '../../../../domain/auth/contracts';
import { Button } from '../../../components/ui/button';
import { applyServerErrors, Form, TextField } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { useNetworkName, useSignIn } from '../../../lib/auth/auth-queries';
import { toastApiError } from '../../../lib/toast-api-error';

/** Signs in on the server-side password path, then greets and moves on as every sign-in does. */
export function useSignInAndContinue() {
  const signIn = useSignIn();
  const networkName = useNetworkName();
  const [, navigate] = useLocation();
  const signInAndContinue = (values: SignInBody, onError?: (err: unknown) => void) =>
    signIn.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Sign In Successful', description: `Welcome to ${networkName}!` });
        navigate('/auth-success', { replace: true });
      },
      onError: (err) => {
        onError?.(err);
        toastApiError(err, 'An unexpected error occurred', 'Sign In Failed');
      },
    });
  return { signInAndContinue, pending: signIn.isPending, pendingEmail: signIn.variables?.email };
}

/** Email + password sign-in against POST /api/auth/signin (used for test-domain accounts). */
export function EmailPasswordForm({ submitLabel = 'Sign In' }: { submitLabel?: string }) {
  const { signInAndContinue, pending } = useSignInAndContinue();
  const form = useForm<SignInBody>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    signInAndContinue(values, (err) => applyServerErrors(form, err)),
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
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : submitLabel}
      </Button>
    </Form>
  );
}
