import { mkdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('node_modules/.tmp');
mkdirSync(dir, { recursive: true });
export const TEMPLATE_PATH = path.join(dir, 'pglite-test-template.tar.gz');
