/**
 * Import cycles and room boundaries across src/, sw/ and server/ (issue 15 part 4), run by
 * `npm test` right after lint. ESLint's import-x/no-cycle checks one file at a time and can be
 * switched off by a comment; this walks the whole graph once, with TypeScript's own module
 * resolution (the `@/` alias included) and with dynamic `import()` calls as edges, and exits 1
 * on any cycle.
 *
 * Type-only imports (`import type`, `export type`) are erased at build time, so they cannot
 * form a runtime cycle; they are still walked and reported as a second, informational count
 * (`--strict-types` makes them fail too).
 *
 * `--features` also prints the feature-to-feature import arrows (which feature imports which,
 * and through which file), the figure issue 15 asks to watch.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const ROOTS = ['src', 'sw', 'server'];
const SOURCE = /\.(ts|tsx)$/;

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
  baseUrl: ROOT,
  paths: { '@/*': ['./src/*'] },
};
const host = ts.createCompilerHost(options);

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

interface Edge {
  readonly to: string;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
}

/** Every module specifier a file names: static imports and re-exports, `import()` calls. */
function importsOf(file: string): { specifier: string; typeOnly: boolean; dynamic: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; typeOnly: boolean; dynamic: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allInlineTypes =
        !!clause &&
        !clause.name &&
        !!named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: !!clause?.isTypeOnly || allInlineTypes,
        dynamic: false,
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: node.isTypeOnly,
        dynamic: false,
      });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, dynamic: true });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true, dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function buildGraph(files: readonly string[]): Map<string, Edge[]> {
  const known = new Set(files);
  const graph = new Map<string, Edge[]>();
  for (const file of files) {
    const edges: Edge[] = [];
    for (const { specifier, typeOnly, dynamic } of importsOf(file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule;
      const to = resolved?.resolvedFileName;
      if (!to || resolved.isExternalLibraryImport || !known.has(to)) continue;
      edges.push({ to, typeOnly, dynamic });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Strongly connected components (Tarjan), each with more than one file or a self-import. */
function cycles(graph: Map<string, Edge[]>, includeTypes: boolean): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const next = (file: string) =>
    (graph.get(file) ?? []).filter((e) => includeTypes || !e.typeOnly).map((e) => e.to);

  const connect = (file: string) => {
    indices.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next(file)) {
      if (!indices.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, indices.get(to)!));
      }
    }
    if (low.get(file) === indices.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || next(file).includes(file)) found.push(component.reverse());
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) connect(file);
  return found;
}

const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Distinct (from feature, to feature) pairs and the file-level imports behind them. */
function featureArrows(graph: Map<string, Edge[]>) {
  const arrows = new Map<string, string[]>();
  for (const [file, edges] of graph) {
    const from = featureOf(relative(ROOT, file));
    if (!from) continue;
    for (const edge of edges) {
      const to = featureOf(relative(ROOT, edge.to));
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      arrows.set(key, [
        ...(arrows.get(key) ?? []),
        `${relative(ROOT, file)} -> ${relative(ROOT, edge.to)}`,
      ]);
    }
  }
  return arrows;
}

const args = new Set(process.argv.slice(2));
const files = ROOTS.flatMap((dir) => listFiles(join(ROOT, dir)));
const graph = buildGraph(files);
const runtime = cycles(graph, false);
const withTypes = cycles(graph, true);
const show = (component: string[]) =>
  `  - ${component.map((f) => relative(ROOT, f)).join('\n    ')}`;

console.log(
  `check-cycles: ${files.length} files in ${ROOTS.join(', ')}; ` +
    `${runtime.length} runtime import cycles, ${withTypes.length} counting type-only imports`,
);
for (const component of runtime) console.log(`runtime cycle:\n${show(component)}`);
if (args.has('--strict-types') || args.has('--verbose')) {
  for (const component of withTypes) console.log(`cycle with type imports:\n${show(component)}`);
}
if (args.has('--features')) {
  const arrows = featureArrows(graph);
  console.log(`feature-to-feature arrows: ${arrows.size}`);
  for (const [arrow, imports] of [...arrows].sort()) {
    console.log(`  ${arrow} (${imports.length})`);
    if (args.has('--verbose')) for (const line of imports) console.log(`      ${line}`);
  }
}
if (runtime.length > 0 || (args.has('--strict-types') && withTypes.length > 0)) process.exit(1);
