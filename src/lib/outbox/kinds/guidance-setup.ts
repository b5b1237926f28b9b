/**
 * The referee's guidance set-up (issue 19 part 1), editable offline: one service
 * (`PUT /api/guidance/me/services/{kind}`) and the weekly availability (`PUT
 * /api/guidance/me/availability`). Both are whole-state PUTs, so a replay is harmless; edits to
 * one kind stay in order (FIFO), and a newer availability replaces one not yet sent.
 */
import {
  SERVICE_KIND_LABELS,
  type AvailabilityInput,
  type ServiceInput,
  type ServiceKind,
} from '../../../domain/contract/guidance';
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';

export interface GuidanceServicePayload {
  readonly kind: ServiceKind;
  readonly service: ServiceInput;
}

export type GuidanceAvailabilityPayload = AvailabilityInput;

export const guidanceServiceKind = defineKind<GuidanceServicePayload>({
  label: 'Save service',
  describe: (payload, subject) => SERVICE_KIND_LABELS[payload.kind] ?? subject,
  firstStep: 'send',
  coalesce: { mode: 'none' },
  toast: {
    done: () => ({ level: 'success', text: 'Service saved.' }),
    failed: (error) => ({
      level: 'error',
      text: `Saving the service failed: ${error ?? 'Something went wrong'}`,
    }),
  },
  async execute(action, context) {
    const payload = action.payload as GuidanceServicePayload;
    const response = await context.send({
      method: 'PUT',
      url: `${context.apiUrl}/guidance/me/services/${encodeURIComponent(payload.kind)}`,
      body: payload.service,
    });
    return isOk(response) ? { type: 'done', outcome: 'saved' } : classifyFailure(response);
  },
});

export const guidanceAvailabilityKind = defineKind<GuidanceAvailabilityPayload>({
  label: 'Save availability',
  describe: (payload) =>
    `${payload.windows.length} ${payload.windows.length === 1 ? 'window' : 'windows'} a week`,
  firstStep: 'send',
  coalesce: { mode: 'replace-unstarted' },
  toast: {
    done: () => ({ level: 'success', text: 'Availability saved.' }),
    failed: (error) => ({
      level: 'error',
      text: `Saving your availability failed: ${error ?? 'Something went wrong'}`,
    }),
  },
  async execute(action, context) {
    const payload = action.payload as GuidanceAvailabilityPayload;
    const response = await context.send({
      method: 'PUT',
      url: `${context.apiUrl}/guidance/me/availability`,
      body: { timeZone: payload.timeZone, windows: payload.windows },
    });
    return isOk(response) ? { type: 'done', outcome: 'saved' } : classifyFailure(response);
  },
});
