import type { PublicMember } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { ContactDetails } from './contact-details';

export default function ContactDialogContent({
  member,
  onOpenChange,
}: {
  member: PublicMember;
  onOpenChange: (open: boolean) => void;
}) {
  const name = displayName(member);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Connect with {name}</DialogTitle>
        <DialogDescription>{member.businessName ?? 'Contact details'}</DialogDescription>
        <ContactDetails member={member} />
      </DialogContent>
    </Dialog>
  );
}
