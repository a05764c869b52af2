import { Link } from 'wouter';
import { useAuthConfig, useNetworkName } from '../../lib/auth/auth-queries';

const SOCIAL = [
  ['linkedin', 'LinkedIn'],
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
] as const;

const headingClass = 'text-sm font-semibold uppercase tracking-wide text-white';
const linkClass = 'text-sm text-slate-300 hover:text-white';

export function Footer() {
  const name = useNetworkName();
  const social = useAuthConfig().data?.social;
  const year = new Date().getFullYear();
  return (
    <footer className="print:hidden mt-auto bg-brand-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{name}</p>
          <p className="mt-2 text-sm">
            Business owners across Northern Colorado passing trusted referrals to one another, one seat per
            industry.
          </p>
          {/* The network's own accounts (NETWORK_LINKEDIN_URL and friends); none configured, none shown. */}
          {SOCIAL.some(([key]) => social?.[key]) && (
            <ul className="mt-4 flex gap-4" aria-label="Follow us">
              {SOCIAL.map(([key, label]) =>
                social?.[key] ? (
                  <li key={key}>
                    <a className={linkClass} href={social[key]} rel="noopener noreferrer" target="_blank">
                      {label}
                    </a>
                  </li>
                ) : null,
              )}
            </ul>
          )}
        </div>
        <div>
          <p className={headingClass}>Navigate</p>
          <ul className="mt-3 space-y-2">
            <li>
              <Link className={linkClass} href="/">
                Home
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/members">
                Members
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/articles">
                Articles
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/apply">
                Apply
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <p className={headingClass}>Resources</p>
          <ul className="mt-3 space-y-2">
            <li>
              <Link className={linkClass} href="/about">
                About
              </Link>
            </li>
            <li>
              <span className="text-sm text-slate-400">Guidelines</span>
            </li>
            <li>
              <span className="text-sm text-slate-400">Support</span>
            </li>
            <li>
              <span className="text-sm text-slate-400">Events</span>
            </li>
          </ul>
        </div>
        <div>
          <p className={headingClass}>Legal</p>
          <ul className="mt-3 space-y-2">
            <li>
              <a className={linkClass} href="/about#terms" rel="noopener noreferrer" target="_blank">
                Terms of Service
              </a>
            </li>
            <li>
              <a className={linkClass} href="/about#privacy" rel="noopener noreferrer" target="_blank">
                Privacy Policy
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10 py-4 text-center text-xs text-slate-400">
        © {year} {name}. All rights reserved.
      </div>
    </footer>
  );
}
