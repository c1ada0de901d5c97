// The browser every test drives (the journeys, the sandboxes' browser tests): Debian's
// chromium-headless-shell, the headless build of Chromium that Playwright itself runs by default, from
// the same Debian source package as /usr/bin/chromium and never downloaded. The same Blink engine and
// DevTools protocol without the desktop browser around it: on 2 cores the journeys took a third less
// CPU in it than in /usr/bin/chromium, and a quarter less time (decision 044). CHROMIUM_PATH names
// another build, e.g. `CHROMIUM_PATH=/usr/bin/chromium npx playwright test` for the full browser.

export const TEST_BROWSER_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The Debian package that provides the default path (`npm test` installs it when missing). */
export const TEST_BROWSER_PACKAGE = 'chromium-headless-shell';

/** Root in a container has no sandbox to drop into; nothing in the background competes with the tests. */
export const TEST_BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
