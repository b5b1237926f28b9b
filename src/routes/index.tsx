import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/info-pages';

export const Route = createFileRoute('/')({
  // Not split into its own chunk: `/` is the first load on a phone, and a separate chunk costs a
  // round trip after the entry has run (about 0.3 s on slow 4G). The page adds ~2 KB gzip to the
  // entry (docs/decisions.md).
  codeSplitGroupings: [],
  component: HomePage,
});
