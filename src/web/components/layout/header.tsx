import { LogOut, Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { displayName } from '../../../domain/members/display-name';
import { useCurrentUser, useNetworkName } from '../../lib/auth/auth-queries';
import { lazyPart, PartBoundary } from '../../lib/lazy-part';
import { cn } from '../../lib/utils';
import { Button, ButtonLink, buttonClass } from '../ui/button';
import { Logo } from './logo';
import { navLinksFor, showsApply } from './nav-links';
import { useSignOutAction } from './use-sign-out-action';

// The dropdown (Radix) is for signed-in users only; visitors never download it.
const UserMenu = lazyPart('components/layout/user-menu.tsx', () => import('./user-menu'));

/**
 * `signedInExtras`: what the app adds beside the user menu for signed-in users (the notification bell).
 * `severalChapters`: the agency has more than one chapter, so the nav links the chapter list.
 */
export function Header({
  signedInExtras,
  severalChapters = false,
}: {
  signedInExtras?: ReactNode;
  severalChapters?: boolean;
}) {
  const { user, isLoading } = useCurrentUser();
  const networkName = useNetworkName();
  const [location] = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMobile = () => setMobileOpen(false);
  const signOut = useSignOutAction(closeMobile);
  const links = navLinksFor(user, severalChapters);

  // The mobile menu closes whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not a value used inside
  useEffect(() => setMobileOpen(false), [location]);

  // Escape closes the mobile menu and gives focus back to its button.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMobileOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const linkClass = (href: string) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-brand-800',
      location === href ? 'text-brand-800' : 'text-slate-700',
    );

  return (
    <header className="print:hidden sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        {/* The name starts with the visible text, then says where the link goes. */}
        <Link
          href={user ? '/dashboard' : '/'}
          aria-label={`${networkName}, ${user ? 'your dashboard' : 'home page'}`}
        >
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <Link key={l.href} href={l.href} className={linkClass(l.href)}>
              {l.label}
            </Link>
          ))}
        </nav>

        <div className="flex items-center gap-1 md:gap-2">
          {!isLoading && user && signedInExtras}
          <div className="hidden items-center gap-2 md:flex">
            {/* While auth loads, the signed-out buttons hold their place invisibly, so nothing moves. */}
            {isLoading && (
              <div aria-hidden className="invisible flex gap-2">
                <span className={buttonClass({ variant: 'accent' })}>Apply</span>
                <span className={buttonClass({ variant: 'outline' })}>Sign In</span>
              </div>
            )}
            {!isLoading && showsApply(user) && (
              <ButtonLink variant="accent" href="/apply">
                Apply
              </ButtonLink>
            )}
            {!isLoading && user && (
              <PartBoundary fallback={<span className="block h-10 w-16" />}>
                <UserMenu user={user} />
              </PartBoundary>
            )}
            {!isLoading && !user && (
              <ButtonLink variant="outline" href="/login">
                Sign In
              </ButtonLink>
            )}
          </div>

          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>

      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
        >
          <div className="flex flex-col gap-1 pt-2">
            {links.map((l) => (
              <Link key={l.href} href={l.href} className={linkClass(l.href)} onClick={closeMobile}>
                {l.label}
              </Link>
            ))}
            {showsApply(user) && (
              <ButtonLink variant="accent" className="mt-2" href="/apply" onClick={closeMobile}>
                Apply
              </ButtonLink>
            )}
            {user ? (
              <div className="mt-2 border-t border-slate-200 pt-3">
                <p className="px-3 text-sm font-medium text-slate-900">{displayName(user)}</p>
                <p className="truncate px-3 text-xs text-slate-500">{user.email}</p>
                <Link
                  href="/dashboard"
                  className={cn(linkClass('/profile'), 'mt-2 block')}
                  onClick={closeMobile}
                >
                  Profile
                </Link>
                <Button variant="ghost" className="w-full justify-start!" onClick={signOut}>
                  <LogOut aria-hidden /> Sign Out
                </Button>
              </div>
            ) : (
              <ButtonLink variant="outline" className="mt-2" href="/login" onClick={closeMobile}>
                Sign In
              </ButtonLink>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}
