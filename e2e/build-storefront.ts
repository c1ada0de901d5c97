// Builds the journeys' storefronts (web/dist-e2e/, one per stack) ahead of `playwright test`: `npm test`
// runs it beside the vitest tiers, so the e2e tier's global setup finds them built (E2E_SKIP_BUILD=1).
import { E2E_STACK_COUNT } from './support/ports.js';
import { buildE2eStorefront } from './support/storefront.js';

for (let index = 0; index < E2E_STACK_COUNT; index++) await buildE2eStorefront(index);
