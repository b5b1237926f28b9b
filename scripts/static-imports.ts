/**
 * The keys and everything they import statically, transitively: what a browser loads with them.
 * One walk for the graphs the build gives: Vite's manifest (key -> `{ imports }`, read by the
 * server's preload hints and the bundle benchmark) and Rollup's output bundle (file name ->
 * chunk, read by the compile-hints plugin). Keys the graph does not hold are skipped.
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
