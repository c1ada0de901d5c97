/**
 * Resolves as the next whole second of the clock begins. For a rule kept in whole seconds (a
 * session token's issue time, `iat`): something done after this falls in a later second than
 * anything done before it, and waiting longer proves nothing more.
 */
export async function untilNextWholeSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === second) {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
  }
}
