import { NotYetAvailable } from '../../../components/under-construction';

export default function DashboardPage() {
  return <NotYetAvailable title="Dashboard" />;
}
