export {
  getConnectivity,
  probeConnectivity,
  reportNetworkOutcome,
  startConnectivityMonitor,
  subscribeConnectivity,
  type Connectivity,
} from './connectivity';
export { useConnectivity } from './use-connectivity';
export {
  ApiError,
  DEFAULT_POST_ERROR,
  WAITING_FOR_CONNECTION,
  httpErrorMessage,
  showsSavedCopy,
  userErrorText,
} from './api-error';
export {
  activeAccessTokenProvider,
  currentAccessToken,
  PLACEHOLDER_TOKEN,
  setAccessTokenProvider,
  setAccessTokenProviderLoader,
  type AccessTokenProvider,
} from './access-token';
export { buildQueryString, type QueryParams, type QueryValue } from '@/domain/query-string';
export {
  api,
  apiRequest,
  DEFAULT_TIMEOUT_MS,
  type ApiBase,
  type ApiHeaders,
  type ApiRequest,
  type HttpMethod,
} from './client';
