import type { AuthUser } from '../../../domain/auth/contracts';

/**
 * /auth-success routing: no user -> /login; a user with an application -> /dashboard;
 * one without -> /apply. Members already past GUEST also go to /dashboard: an administrator who never
 * applied has nothing to apply for (docs/decisions/0003).
 */
export function postSignInPath(user: AuthUser | null): string {
  if (!user) return '/login';
  if (user.hasApplication || user.role !== 'GUEST') return '/dashboard';
  return '/apply';
}
