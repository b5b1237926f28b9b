import { createFileRoute } from '@tanstack/react-router';
import { ConnectWithUsPage } from '@/features/info-pages';

export const Route = createFileRoute('/corporate/connect-with-us')({
  component: ConnectWithUsPage,
});
