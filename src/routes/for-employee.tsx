import { createFileRoute } from '@tanstack/react-router';
import { ForEmployeePage } from '@/features/info-pages';

export const Route = createFileRoute('/for-employee')({
  component: ForEmployeePage,
});
