import { avatarClass } from '../../domain/members/avatar-colors';
import { initials, type NamedPerson } from '../../domain/members/display-name';
import { cn } from '../lib/utils';

interface AvatarPerson extends NamedPerson {
  profileImageUrl?: string | null;
  avatarColor?: string | null;
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-14 text-lg', lg: 'size-24 text-2xl' } as const;

/** A member's picture, or their initials on their avatar colour. */
export function UserAvatar({ person, size = 'md' }: { person: AvatarPerson; size?: keyof typeof SIZES }) {
  if (person.profileImageUrl) {
    return (
      <img
        src={person.profileImageUrl}
        alt=""
        className={cn('shrink-0 rounded-full object-cover', SIZES[size])}
        loading="lazy"
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold text-white',
        avatarClass(person.avatarColor),
        SIZES[size],
      )}
    >
      {initials(person)}
    </span>
  );
}
