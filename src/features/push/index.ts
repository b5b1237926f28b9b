export { AlertsExplainer } from './alerts-explainer';
export { JobAlertsToggle } from './job-alerts-toggle';
export {
  alertsState,
  disableJobAlerts,
  enableJobAlerts,
  pushSupported,
  shouldExplainAlerts,
  type AlertsState,
} from './job-alerts';
