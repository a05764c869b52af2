import { MessageCircle } from 'lucide-react';
import type { PublicMember } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { ContactDetails } from './contact-details';

export function ContactDialog({ member, className }: { member: PublicMember; className?: string }) {
  const name = displayName(member);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" className={className}>
          <MessageCircle aria-hidden /> Connect
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Connect with {name}</DialogTitle>
        <DialogDescription>{member.businessName ?? 'Contact details'}</DialogDescription>
        <ContactDetails member={member} />
      </DialogContent>
    </Dialog>
  );
}
