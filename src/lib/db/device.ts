/**
 * The device database for pages that render from the network first (issue 24 item 2): loads
 * Dexie on demand instead of with the page (loader.ts). Import this, not `@/lib/db`, where a
 * first visit should not wait for the database code.
 */
export {
  deviceMayHoldData,
  deviceWritesSettled,
  loadDb,
  saveToDevice,
  type DbModule,
} from './loader';
export {
  sharedDeviceQuery,
  useDeviceQuery,
  useSharedDeviceQuery,
  type SharedDeviceQuery,
} from './use-device-query';
export type { DeviceSave } from './device-save';
export {
  firstScreenOf,
  keepFirstScreen,
  type FirstScreen,
  type FirstScreenKind,
} from './first-screen';
