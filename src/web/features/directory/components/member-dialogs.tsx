import { MessageCircle, Share2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { PublicMember } from '../../../../domain/members/contracts';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { lazyPart, PartBoundary } from '../../../lib/lazy-part';

// The dialogs (Radix) load on the first click: most visitors browse without opening one.
const ContactDialogContent = lazyPart(
  'features/directory/components/contact-dialog-content.tsx',
  () => import('./contact-dialog-content'),
);
const ShareDialogContent = lazyPart(
  'features/directory/components/share-dialog-content.tsx',
  () => import('./share-dialog-content'),
);

type DialogContentComponent = typeof ContactDialogContent;

function LazyDialogButton({
  member,
  className,
  variant,
  Content,
  children,
}: {
  member: PublicMember;
  className?: string;
  variant?: ButtonProps['variant'];
  Content: DialogContentComponent;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open && (
        <PartBoundary>
          <Content member={member} onOpenChange={setOpen} />
        </PartBoundary>
      )}
    </>
  );
}

/** 'Connect': the member's visible contact details in a dialog. */
export function ContactDialog({ member, className }: { member: PublicMember; className?: string }) {
  return (
    <LazyDialogButton member={member} className={className} Content={ContactDialogContent}>
      <MessageCircle aria-hidden /> Connect
    </LazyDialogButton>
  );
}

/** 'Share Profile': the profile link to copy or share. */
export function ShareDialog({ member, className }: { member: PublicMember; className?: string }) {
  return (
    <LazyDialogButton member={member} className={className} variant="outline" Content={ShareDialogContent}>
      <Share2 aria-hidden /> Share Profile
    </LazyDialogButton>
  );
}
