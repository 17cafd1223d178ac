import { PageHeader } from '../../components/PageHeader';

// Placeholder until this screen's issue lands.
export function TimeScreen() {
  return <PageHeader title="时间管理" />;
}
