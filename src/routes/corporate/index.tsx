import { createFileRoute } from '@tanstack/react-router';
import { CorporatePage } from '@/features/info-pages';

export const Route = createFileRoute('/corporate/')({
  component: CorporatePage,
});
