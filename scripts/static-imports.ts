import type { Rollup } from 'vite';

/**
 * The keys and everything they import statically, transitively: what a browser loads with them.
 * One walk for the graphs the build gives: Vite's manifest (key -> `{ imports }`, read by the
 * server's preload hints and the bundle benchmark) and Rollup's output bundle (file name ->
 * chunk, read by the compile hints and the preload lists' filter). Keys the graph does not hold
 * are skipped.
 */
export function staticImportClosure(
  graph: Readonly<Record<string, { readonly imports?: readonly string[] } | undefined>>,
  keys: Iterable<string>,
): Set<string> {
  const found = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const node = graph[key];
    if (found.has(key) || !node) continue;
    found.add(key);
    pending.push(...(node.imports ?? []));
  }
  return found;
}

/** A build's output chunks by file name: the graph `staticImportClosure` walks for a bundle. */
export function chunksOf(bundle: Rollup.OutputBundle): Record<string, Rollup.OutputChunk> {
  const chunks: Record<string, Rollup.OutputChunk> = {};
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks[output.fileName] = output;
  return chunks;
}
