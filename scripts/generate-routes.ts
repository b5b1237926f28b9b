/**
 * Regenerates src/routeTree.gen.ts from src/routes (as the Vite plugin does during a build), so
 * the typecheck never runs against a stale route tree. Same generator version as the plugin.
 */
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
const config = getConfig({ target: 'react', autoCodeSplitting: true }, root);
await new Generator({ config, root }).run();
