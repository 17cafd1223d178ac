import { PageHeader } from '../../components/PageHeader';

// Placeholder until this screen's issue lands.
export function AssetsScreen() {
  return <PageHeader title="资产管理" />;
}
