import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { type SignInBody, signInSchema } from '../../../../domain/auth/contracts';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useNetworkName, useSignIn } from '../../../lib/auth/auth-queries';

/** Email + password sign-in against POST /api/auth/signin (used for test-domain accounts). */
export function EmailPasswordForm({ submitLabel = 'Sign In' }: { submitLabel?: string }) {
  const signIn = useSignIn();
  const networkName = useNetworkName();
  const [, navigate] = useLocation();
  const form = useForm<SignInBody>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Sign In Successful', description: `Welcome to ${networkName}!` });
        navigate('/auth-success', { replace: true });
      },
      onError: (err) =>
        toast({
          title: 'Sign In Failed',
          description: err instanceof ApiError ? err.serverMessage : 'An unexpected error occurred',
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <div className="space-y-1">
        <Label htmlFor="signin-email">Email</Label>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          aria-describedby="signin-email-error"
          {...form.register('email')}
        />
        <FieldError id="signin-email-error" message={errors.email?.message} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="signin-password">Password</Label>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby="signin-password-error"
          {...form.register('password')}
        />
        <FieldError id="signin-password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : submitLabel}
      </Button>
    </form>
  );
}
