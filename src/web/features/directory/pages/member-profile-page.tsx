import { NotYetAvailable } from '../../../components/under-construction';

export default function MemberProfilePage() {
  return <NotYetAvailable title="Member Profile" />;
}
