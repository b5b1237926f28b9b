import { createFileRoute } from '@tanstack/react-router';
import { SavedJobsPage } from '@/features/saved-jobs';

export const Route = createFileRoute('/saved-jobs')({
  component: SavedJobsPage,
});
