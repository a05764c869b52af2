import { BookOpen, CalendarClock, Coffee, LineChart, MapPin, ShieldCheck } from 'lucide-react';
import {
  DEFAULT_ANNUAL_DUES,
  MEETING_MINUTES,
  OFFICER_DISCOUNT_PERCENT,
} from '../../../../domain/network/constants';
import { useNetworkName } from '../../../lib/auth/auth-queries';
import { CtaLink } from '../components/cta-link';

const DIFFERENTIATORS = [
  {
    icon: ShieldCheck,
    title: 'One seat per industry',
    text: 'One representative per industry category means no competing for the same referral.',
  },
  {
    icon: CalendarClock,
    title: 'Weekly meetings',
    text: `Structured ${MEETING_MINUTES} minute meetings every week, built around giving referrals.`,
  },
  {
    icon: Coffee,
    title: 'One-on-one meetings',
    text: 'Members meet one to one to learn each other’s businesses and ideal customers.',
  },
  {
    icon: BookOpen,
    title: 'Quarterly training',
    text: 'A quarterly book-based training program that sharpens how we sell and serve.',
  },
  {
    icon: LineChart,
    title: 'Referral and ROI tracking',
    text: 'Every referral and closed sale is recorded, so you can see your return on dues.',
  },
  {
    icon: MapPin,
    title: 'Proudly local',
    text: 'Every member owns or runs a business here in Northern Colorado.',
  },
];

const CREED = [
  'I will give before I expect to receive.',
  'I will treat every referral as a promise to a friend.',
  'I will show up, on time, every week.',
  'I will follow up quickly and report back honestly.',
  'I will celebrate my fellow members’ success as my own.',
];

export default function AboutPage() {
  const name = useNetworkName();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-4xl font-bold text-slate-900">About {name}</h1>

      <section className="mt-8" aria-labelledby="mission">
        <h2 id="mission" className="text-2xl font-semibold text-slate-900">
          Our mission
        </h2>
        <p className="mt-3 text-lg text-slate-700">
          We help Northern Colorado business owners grow through trusted, structured referrals, and we make
          every member’s return visible, so the time they give the chapter comes back as business.
        </p>
      </section>

      <section className="mt-12" aria-labelledby="different">
        <h2 id="different" className="text-2xl font-semibold text-slate-900">
          What makes us different
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {DIFFERENTIATORS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon aria-hidden className="size-7 text-brand-700" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="mt-12" aria-labelledby="experience">
        <h2 id="experience" className="text-2xl font-semibold text-slate-900">
          The member experience
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
          <li>A weekly {MEETING_MINUTES} minute meeting with a short presentation from every member.</li>
          <li>One-on-one meetings to learn who makes a good referral for each other.</li>
          <li>A dashboard to give referrals, report closed business and track attendance.</li>
          <li>A public profile in our member directory that you can share anywhere.</li>
        </ul>
      </section>

      <section
        className="mt-12 rounded-2xl bg-brand-50 p-8 ring-1 ring-brand-100"
        aria-labelledby="investment"
      >
        <h2 id="investment" className="text-2xl font-semibold text-slate-900">
          Your investment
        </h2>
        <p className="mt-3 text-4xl font-bold text-brand-800" data-testid="annual-investment">
          ${DEFAULT_ANNUAL_DUES}
          <span className="text-lg font-medium text-slate-600"> per year</span>
        </p>
        <p className="mt-2 text-slate-700">
          Annual membership is ${DEFAULT_ANNUAL_DUES}. Chapter officers get {OFFICER_DISCOUNT_PERCENT}% off.
        </p>
      </section>

      <section className="mt-12" aria-labelledby="creed">
        <h2 id="creed" className="text-2xl font-semibold text-slate-900">
          Members’ creed
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700">
          {CREED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>

      <section className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-800 p-8 text-white">
        <h2 className="text-2xl font-semibold">Join us</h2>
        <p className="text-brand-100">Applications are reviewed within 3-5 business days.</p>
        <CtaLink variant="accent" />
      </section>

      <section className="mt-12 space-y-6 text-sm text-slate-600">
        <div id="terms">
          <h2 className="text-lg font-semibold text-slate-900">Terms of Service</h2>
          <p className="mt-2">
            Membership is by application and approval. Members agree to the creed above, to keep their profile
            accurate, and to report referrals honestly. Leadership may change a member back to guest status
            when dues lapse or the attendance limit is exceeded.
          </p>
        </div>
        <div id="privacy">
          <h2 className="text-lg font-semibold text-slate-900">Privacy Policy</h2>
          <p className="mt-2">
            We publish only the profile details a member marks as visible. Sign-in happens with your identity
            provider; we keep your name and email to run your account, and never sell or share your data.
          </p>
        </div>
      </section>
    </div>
  );
}
