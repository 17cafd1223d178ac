import { PageHeader } from '../../components/PageHeader';

// Placeholder until this screen's issue lands.
export function TasksScreen() {
  return <PageHeader title="任务管理" />;
}
