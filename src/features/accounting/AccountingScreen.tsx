import { PageHeader } from '../../components/PageHeader';

// Placeholder until this screen's issue lands.
export function AccountingScreen() {
  return <PageHeader title="记账管理" />;
}
