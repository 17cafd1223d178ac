import { PageHeader } from '../../components/PageHeader';

// Placeholder until this screen's issue lands.
export function DashboardScreen() {
  return <PageHeader title="欢迎回来！" />;
}
