/**
 * A slow mobile link between the browser and the server, shared by every connection as a phone's
 * one radio link is: each chunk waits its turn on the link (bytes / rate) and then the one-way
 * delay. Chromium's own throttling (CDP) is per page or worker, so a service worker's downloads
 * and the page's requests would each get a link of their own; here they compete, as they do on
 * a phone. Used by bench:offline-ready.
 */
import net from 'node:net';

export interface LinkProfile {
  /** Half the round trip, added to every chunk in each direction. */
  readonly oneWayMs: number;
  readonly downBytesPerSecond: number;
  readonly upBytesPerSecond: number;
}

/** Slow 3G as bench:network has it: 400 ms round trip, 400 kbit/s each way. */
export const SLOW_3G_LINK: LinkProfile = {
  oneWayMs: 200,
  downBytesPerSecond: 50_000,
  upBytesPerSecond: 50_000,
};

/** When a chunk of `bytes` sent now arrives, for a link whose bytes queue one after another. */
function direction(bytesPerSecond: number, oneWayMs: number) {
  let freeAt = 0;
  return (bytes: number) => {
    const start = Math.max(Date.now(), freeAt);
    freeAt = start + (bytes / bytesPerSecond) * 1000;
    return freeAt + oneWayMs;
  };
}

/** Forwards `from` to `to` in order, each chunk (or the end) when the link delivers it. */
function relay(from: net.Socket, to: net.Socket, arrival: (bytes: number) => number) {
  const queue: { at: number; chunk: Buffer | null }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const pump = () => {
    timer = null;
    while (queue.length > 0 && queue[0]!.at <= Date.now()) {
      const { chunk } = queue.shift()!;
      if (chunk) to.write(chunk);
      else to.end();
    }
    if (queue.length > 0) timer = setTimeout(pump, queue[0]!.at - Date.now());
  };
  const push = (at: number, chunk: Buffer | null) => {
    queue.push({ at: Math.max(at, queue.at(-1)?.at ?? 0), chunk });
    timer ??= setTimeout(pump, Math.max(0, queue[0]!.at - Date.now()));
  };
  from.on('data', (chunk: Buffer) => push(arrival(chunk.length), chunk));
  from.on('end', () => push(Date.now(), null));
  from.on('error', () => to.destroy());
}

/** Listens on a free local port and relays to `target` over the link; resolves with its URL. */
export async function startSharedLink(target: URL, profile: LinkProfile) {
  const down = direction(profile.downBytesPerSecond, profile.oneWayMs);
  const up = direction(profile.upBytesPerSecond, profile.oneWayMs);
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    relay(client, upstream, up);
    relay(upstream, client, down);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://localhost:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
