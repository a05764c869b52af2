import { CalendarClock, Handshake, LineChart, MapPin, Quote, ShieldCheck, Users } from 'lucide-react';
import { MARKETING_STATS } from '../../../../domain/network/constants';
import { ButtonLink } from '../../../components/ui/button';
import { useNetworkName } from '../../../lib/auth/auth-queries';
import { CtaLink } from '../components/cta-link';

const VALUES = [
  {
    icon: Handshake,
    title: 'Trusted referrals',
    text: 'Members pass qualified business to people they know and trust, every week.',
  },
  {
    icon: ShieldCheck,
    title: 'One seat per industry',
    text: 'Only one representative per industry category, so your referrals come to you.',
  },
  {
    icon: LineChart,
    title: 'Referral and ROI tracking',
    text: 'See the business you give and receive, your commission and your return on dues.',
  },
  {
    icon: CalendarClock,
    title: 'Weekly meetings',
    text: 'Focused 60-90 minute meetings plus one-on-ones that build real relationships.',
  },
];

export function HomePage() {
  const name = useNetworkName();
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm">
              <MapPin aria-hidden className="size-4" /> Northern Colorado
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">
              Grow your business through referrals you can trust
            </h1>
            <p className="mt-4 max-w-xl text-lg text-brand-100">
              {name} brings together local business owners who meet every week, learn together and send each
              other real business.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <CtaLink variant="accent" />
              <ButtonLink
                size="lg"
                variant="outline"
                className="border-white/40! bg-transparent! text-white! hover:bg-white/10!"
                href="/visit"
              >
                Visit a meeting
              </ButtonLink>
              <ButtonLink
                size="lg"
                variant="outline"
                className="border-white/40! bg-transparent! text-white! hover:bg-white/10!"
                href="/about"
              >
                Learn More
              </ButtonLink>
            </div>
          </div>
          <div className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20" aria-hidden>
            <p className="text-sm text-brand-100">Chapter dashboard</p>
            <div className="mt-4 grid grid-cols-2 gap-4">
              <div className="rounded-xl bg-white/10 p-4">
                <p className="text-3xl font-bold">248</p>
                <p className="text-sm text-brand-100">Members</p>
              </div>
              <div className="rounded-xl bg-white/10 p-4">
                <p className="text-3xl font-bold">1.2K</p>
                <p className="text-sm text-brand-100">Referrals</p>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 className="text-center text-3xl font-bold text-slate-900">Why business owners join</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden className="size-8 text-brand-700" />
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-slate-100" aria-label="Network statistics">
        <dl
          className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-12 sm:px-6 md:grid-cols-4"
          data-testid="marketing-stats"
        >
          {MARKETING_STATS.map((s) => (
            <div key={s.label} className="flex flex-col-reverse text-center">
              <dt className="text-sm text-slate-600">{s.label}</dt>
              <dd className="text-4xl font-bold text-brand-800">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <figure
          className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
          data-testid="testimonial"
        >
          <Quote aria-hidden className="size-8 text-accent-500" />
          <blockquote className="mt-4 text-xl text-slate-800">
            “Within six months the chapter paid for my dues many times over. More importantly, I now have a
            group of owners I trust to take care of my clients.”
          </blockquote>
          <figcaption className="mt-4 flex items-center gap-3 text-sm text-slate-600">
            <Users aria-hidden className="size-5" /> A Fort Collins business owner and chapter member
          </figcaption>
        </figure>
      </section>

      <section className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6">
          <h2 className="text-3xl font-bold">Ready to claim your industry's seat?</h2>
          <p className="max-w-2xl text-brand-100">
            Apply today. We review every application within 3-5 business days.
          </p>
          <CtaLink variant="accent" />
        </div>
      </section>
    </>
  );
}
