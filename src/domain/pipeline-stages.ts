/**
 * Which pipeline stage an application is in (issue 20), for the server and the app alike: its
 * stored stage when the company still has it and it shows the application's state, else the first
 * stage that shows that state (an application moved through the status call of
 * applications/status-route.ts, or a stage the company removed), else the first stage.
 */
import type { Stage } from './contract/corporate-pipeline';

export function stageOf(
  application: { readonly stage: string | null; readonly status: string },
  stages: readonly Stage[],
): string {
  const stored = stages.find((s) => s.key === application.stage);
  if (stored && stored.status === application.status) return stored.key;
  const byStatus = stages.find((s) => s.status === application.status);
  return byStatus?.key ?? stages[0]?.key ?? 'applied';
}
