import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiJson } from './document.js';

/** npm run openapi: regenerates docs/api/openapi.json from the code. */
const target = fileURLToPath(new URL('../../../../docs/api/openapi.json', import.meta.url));
writeFileSync(target, openApiJson());
process.stdout.write(`wrote ${target}\n`);
