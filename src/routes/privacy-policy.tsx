import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/features/info-pages';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPage,
});
