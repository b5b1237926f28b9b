import { createFileRoute } from '@tanstack/react-router';
import { ContactUsPage } from '@/features/info-pages';

export const Route = createFileRoute('/contact-us')({
  component: ContactUsPage,
});
