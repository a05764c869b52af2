import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../../lib/dates';
import { usePublicTestimonials } from '../api/public-testimonials-query';

/**
 * The testimonials a member chose to show, on their public profile; nothing at all while there are none (a
 * visitor is not told what a member keeps to themselves). Plain text, never HTML.
 */
export function ProfileTestimonials({ memberId }: { memberId: string }) {
  const { data } = usePublicTestimonials(memberId);
  if (!data || data.length === 0) return null;
  return (
    <Card data-testid="profile-testimonials">
      <CardHeader>
        <CardTitle>Testimonials</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {data.map((item) => (
            <li key={item.id}>
              <blockquote className="break-words whitespace-pre-line text-slate-800">{item.body}</blockquote>
              <p className="mt-1 text-sm text-slate-600">
                {item.writer ? (
                  item.writer.slug ? (
                    <Link
                      className="font-medium text-brand-700 hover:underline"
                      href={`/member/${item.writer.slug}`}
                    >
                      {item.writer.name}
                    </Link>
                  ) : (
                    item.writer.name
                  )
                ) : (
                  'Former member'
                )}
                {item.writer?.businessName ? `, ${item.writer.businessName}` : ''} ·{' '}
                {formatDate(item.givenOn)}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
