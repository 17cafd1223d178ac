import { PageHeader } from '../../components/PageHeader';

// Placeholder until this screen's issue lands.
export function CheckinScreen() {
  return <PageHeader title="打卡管理" />;
}
