import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/info-pages';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});
