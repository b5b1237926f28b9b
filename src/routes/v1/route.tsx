import { createFileRoute } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/shell';
import { guardBeforeLoad } from './-guard';

// spec §2 signed-in routes (prefix v1): every page below is guarded (spec §4 Route guard).
export const Route = createFileRoute('/v1')({
  beforeLoad: guardBeforeLoad,
  errorComponent: RouteErrorPage,
});
