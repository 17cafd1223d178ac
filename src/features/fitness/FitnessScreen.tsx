import { PageHeader } from '../../components/PageHeader';

// Placeholder until this screen's issue lands.
export function FitnessScreen() {
  return <PageHeader title="健身记录" />;
}
