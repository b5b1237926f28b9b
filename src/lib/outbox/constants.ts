/** Names shared by the page and the service worker. */
export const DRAIN_MESSAGE = 'DRAIN_OUTBOX';
export const SYNC_TAG = 'outbox';
