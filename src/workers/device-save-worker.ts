/**
 * The device-save Web Worker (issue 24): writes a first visit's background saves (src/lib/db/
 * device-save.ts) to IndexedDB off the main thread, so loading Dexie and opening the database for
 * the first time never blocks the page a visitor is reading. Dexie tells the page's live queries
 * about these writes itself (its changes are broadcast between a page and its workers). The page
 * talks to it only through src/lib/db/loader.ts, which posts one save at a time and waits for its
 * answer: the order of writes is the page's.
 */
import {
  applyDeviceSave,
  type DeviceSaveReply,
  type DeviceSaveRequest,
} from '@/lib/db/device-save';

async function answer({ id, save }: DeviceSaveRequest): Promise<DeviceSaveReply> {
  try {
    await applyDeviceSave(save);
    return { id };
  } catch (error) {
    return { id, error: error instanceof Error ? `${error.name}: ${error.message}` : 'failed' };
  }
}

self.addEventListener('message', (event: MessageEvent<DeviceSaveRequest>) => {
  void answer(event.data).then((reply) => self.postMessage(reply));
});
