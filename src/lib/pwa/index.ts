export {
  dismissUpdate,
  registerServiceWorker,
  reloadToUpdate,
  type PwaState,
} from './service-worker-registration';
export { usePwaState } from './use-pwa-state';
