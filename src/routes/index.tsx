import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/info-pages';

export const Route = createFileRoute('/')({
  // Its own chunk, as every page's: the shell names it for `/` (server/http/route-preloads.ts),
  // so it downloads beside the entry, and the other pages' first loads do not carry the home
  // page (docs/decisions.md "First-load budgets").
  component: HomePage,
});
