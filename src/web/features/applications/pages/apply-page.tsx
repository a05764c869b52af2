import { NotYetAvailable } from '../../../components/under-construction';

export default function ApplyPage() {
  return <NotYetAvailable title="Membership Application" />;
}
