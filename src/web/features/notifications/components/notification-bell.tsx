import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { timeAgo } from '../../../../domain/activity/time-ago';
import type { AppNotification } from '../../../../domain/notifications/contracts';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { apiKey } from '../../../lib/query-keys';
import { toastApiError } from '../../../lib/toast-api-error';
import { cn } from '../../../lib/utils';
import { notificationsQuery, useMarkRead, useNotifications } from '../api/notification-queries';

const countLabel = (unread: number) => (unread > 99 ? '99+' : String(unread));

function NotificationItem({ item, onOpen }: { item: AppNotification; onOpen: () => void }) {
  return (
    <DropdownMenuItem asChild onSelect={onOpen} className="items-start py-2">
      <Link href={item.link} data-testid="notification">
        <span
          aria-hidden
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-brand-700')}
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-slate-900', !item.read && 'font-semibold')}>
            {item.title}
            {!item.read && <span className="sr-only"> (unread)</span>}
          </span>
          <span className="line-clamp-2 block text-slate-600">{item.body}</span>
          <span className="block text-xs text-slate-500">{timeAgo(new Date(item.createdAt))}</span>
        </span>
      </Link>
    </DropdownMenuItem>
  );
}

/**
 * The header's bell: the unread count, and a panel of the newest notifications linking to their place.
 * It refreshes on navigation (when its data is older than the query's stale time) and every minute
 * while the tab is visible.
 */
export default function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const queryClient = useQueryClient();
  const [location] = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not a value used inside
  useEffect(() => {
    // A fetch already under way (the first mount's) is joined, not cancelled and sent again.
    void queryClient.refetchQueries(
      { queryKey: notificationsQuery.queryKey, stale: true },
      { cancelRefetch: false },
    );
  }, [location, queryClient]);

  // The count is the newest page's; older pages add their items below.
  const unread = notifications.data?.pages[0]?.unread ?? 0;
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];

  const open = (item: AppNotification) => {
    // What the notification points at changed: show it fresh, not from the cache.
    void queryClient.invalidateQueries({ queryKey: apiKey('/api/referrals') });
    void queryClient.invalidateQueries({ queryKey: apiKey('/api/applications') });
    if (!item.read) markRead.mutate({ ids: [item.id] });
  };
  const markAll = () =>
    markRead.mutate(
      { all: true },
      { onError: (err) => toastApiError(err, 'Could not mark your notifications as read') },
    );

  return (
    // Not modal: the page behind stays readable and clickable (a modal menu hides it from assistive tech).
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" data-testid="notification-bell">
          <Bell aria-hidden />
          <span className="sr-only">
            {unread > 0 ? `Notifications, ${countLabel(unread)} unread` : 'Notifications'}
          </span>
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
            >
              {countLabel(unread)}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-96 max-w-[calc(100vw-1rem)]">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel className="font-semibold text-slate-900">Notifications</DropdownMenuLabel>
          {unread > 0 && (
            <DropdownMenuItem
              className="text-brand-800"
              onSelect={(event) => {
                event.preventDefault();
                markAll();
              }}
            >
              Mark all as read
            </DropdownMenuItem>
          )}
        </div>
        <DropdownMenuSeparator />
        <div className="max-h-[60vh] overflow-y-auto">
          {notifications.isPending && (
            <p className="px-2 py-3 text-sm text-slate-600">Loading notifications…</p>
          )}
          {notifications.isError && (
            <DropdownMenuItem
              onSelect={(event) => {
                event.preventDefault();
                void notifications.refetch();
              }}
            >
              Could not load your notifications. Try again
            </DropdownMenuItem>
          )}
          {notifications.isSuccess && items.length === 0 && (
            <p className="px-2 py-3 text-sm text-slate-600">
              No notifications yet. You will see referrals waiting for you and decisions here.
            </p>
          )}
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={() => open(item)} />
          ))}
          {notifications.hasNextPage && (
            <DropdownMenuItem
              className="justify-center text-brand-800"
              disabled={notifications.isFetchingNextPage}
              onSelect={(event) => {
                event.preventDefault();
                void notifications.fetchNextPage();
              }}
            >
              {notifications.isFetchingNextPage
                ? 'Loading...'
                : notifications.isFetchNextPageError
                  ? 'Could not load older notifications. Try again'
                  : 'Show older notifications'}
            </DropdownMenuItem>
          )}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/dashboard?tab=account#email-notifications" className="text-slate-600">
            Email settings
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
