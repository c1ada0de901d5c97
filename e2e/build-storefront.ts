// Builds the journeys' storefront (web/dist-e2e) ahead of `playwright test`: `npm test` runs it beside the
// vitest tiers, so the e2e tier's global setup finds it built (E2E_SKIP_BUILD=1).
import { buildE2eStorefront } from './support/storefront.js';

await buildE2eStorefront();
