import { NotYetAvailable } from '../../../components/under-construction';

export default function ApplicationDetailPage() {
  return <NotYetAvailable title="Application" />;
}
