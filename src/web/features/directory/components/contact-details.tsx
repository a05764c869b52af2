import { Globe, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicMember } from '../../../../domain/members/contracts';

interface ContactLine {
  key: string;
  icon: ReactNode;
  label: string;
  value: string;
  href: string;
  external?: boolean;
}

/** Only what the member chose to show; the API already left hidden fields out. */
export function contactLines(member: PublicMember): ContactLine[] {
  const lines: ContactLine[] = [];
  const phone = <Phone aria-hidden className="size-4" />;
  const mail = <Mail aria-hidden className="size-4" />;
  if (member.businessPhone)
    lines.push({
      key: 'bp',
      icon: phone,
      label: 'Business phone',
      value: member.businessPhone,
      href: `tel:${member.businessPhone}`,
    });
  if (member.businessEmail)
    lines.push({
      key: 'be',
      icon: mail,
      label: 'Business email',
      value: member.businessEmail,
      href: `mailto:${member.businessEmail}`,
    });
  if (member.personalPhone)
    lines.push({
      key: 'pp',
      icon: phone,
      label: 'Phone',
      value: member.personalPhone,
      href: `tel:${member.personalPhone}`,
    });
  if (member.personalEmail)
    lines.push({
      key: 'pe',
      icon: mail,
      label: 'Email',
      value: member.personalEmail,
      href: `mailto:${member.personalEmail}`,
    });
  if (member.contactInfo.website) {
    lines.push({
      key: 'web',
      icon: <Globe aria-hidden className="size-4" />,
      label: 'Website',
      value: member.contactInfo.website.replace(/^https?:\/\//, '').replace(/\/$/, ''),
      href: member.contactInfo.website,
      external: true,
    });
  }
  return lines;
}

export function ContactDetails({ member }: { member: PublicMember }) {
  const lines = contactLines(member);
  if (lines.length === 0) {
    return <p className="text-sm text-slate-600">No contact information available for this member.</p>;
  }
  return (
    <ul className="space-y-3" data-testid="contact-details">
      {lines.map((line) => (
        <li key={line.key} className="flex items-center gap-3 text-sm">
          <span className="text-brand-700">{line.icon}</span>
          <span className="sr-only">{line.label}: </span>
          <a
            className="break-all text-slate-800 hover:text-brand-700 hover:underline"
            href={line.href}
            {...(line.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {line.value}
          </a>
        </li>
      ))}
    </ul>
  );
}
