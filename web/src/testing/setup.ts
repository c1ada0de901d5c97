import { configure } from '@testing-library/dom';

/**
 * The unit tests' one setup (vitest.config.ts). findBy… and waitFor give up after 5 s instead of
 * Testing Library's 1 s: on a loaded 2-core CI machine the heaviest screens (the admin order page)
 * were seen to take longer than 1 s to answer a stubbed call. A test that passes waits no longer.
 */
configure({ asyncUtilTimeout: 5_000 });
