export {
  getConnectivity,
  probeConnectivity,
  reportNetworkOutcome,
  startConnectivityMonitor,
  subscribeConnectivity,
  type Connectivity,
} from './connectivity';
export { useConnectivity } from './use-connectivity';
