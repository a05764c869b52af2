import { NotYetAvailable } from '../../../components/under-construction';

export default function MembersPage() {
  return <NotYetAvailable title="Member Directory" />;
}
