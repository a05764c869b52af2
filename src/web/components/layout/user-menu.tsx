import { ChevronDown, LogOut, User as UserIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { AuthUser } from '../../../domain/auth/contracts';
import { displayName } from '../../../domain/members/display-name';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { UserAvatar } from '../user-avatar';
import { useSignOutAction } from './use-sign-out-action';

export default function UserMenu({ user }: { user: AuthUser }) {
  const signOut = useSignOutAction();
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by hidden text, not aria-label: the visible initials are decoration, not the name. */}
        <Button variant="ghost" className="gap-2 px-2!">
          <span className="sr-only">User menu</span>
          <UserAvatar person={user} size="sm" />
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="font-medium text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/dashboard">
            <UserIcon aria-hidden className="size-4" /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden className="size-4" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
