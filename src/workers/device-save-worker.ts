/**
 * The device-save Web Worker (issue 24): writes a first visit's background saves (src/lib/db/
 * device-save.ts) to IndexedDB off the main thread, so loading Dexie and opening the database for
 * the first time never blocks the page a visitor is reading. Dexie tells the page's live queries
 * about these writes itself (its changes are broadcast between a page and its workers). The page
 * talks to it only through src/lib/db/loader.ts.
 */
import {
  applyDeviceSave,
  type DeviceSaveReply,
  type DeviceSaveRequest,
} from '@/lib/db/device-save';

// Writes run one after another, in the order posted, as on the page.
let queue: Promise<void> = Promise.resolve();

self.addEventListener('message', (event: MessageEvent<DeviceSaveRequest>) => {
  const { id, save } = event.data;
  queue = queue.then(async () => {
    let reply: DeviceSaveReply;
    try {
      await applyDeviceSave(save);
      reply = { id };
    } catch (error) {
      reply = { id, error: error instanceof Error ? `${error.name}: ${error.message}` : 'failed' };
    }
    self.postMessage(reply);
  });
});
