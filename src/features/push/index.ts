import { lazy } from 'react';

// The "why alerts" card after a signed-in user's first save (issue 8). Push loads only then,
// never on a signed-out first load (issue 24 item 2); it renders nothing when alerts need no
// explaining (unsupported, already decided or explained) and closes itself.
export const AlertsExplainer = /* @__PURE__ */ lazy(() =>
  import('./alerts-explainer').then((m) => ({ default: m.AlertsAfterFirstSave })),
);
export { JobAlertsToggle } from './job-alerts-toggle';
export {
  alertsState,
  disableJobAlerts,
  enableJobAlerts,
  pushSupported,
  shouldExplainAlerts,
  type AlertsState,
} from './job-alerts';
