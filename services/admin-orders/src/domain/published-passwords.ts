import { DEMO_ADMIN_PASSWORD, PUBLISHED_VALUES } from '@pickles/service-kit';
import { verifyPassword } from './password.js';

/**
 * Admins in the database that anyone who read this repository can log in as: a hash published in
 * it, or any hash of the demo password (the README prints it). A live shop must not start with one,
 * typically the demo's `admin` left in the database the demo ran on. One line per admin, saying
 * what to do; empty when there is none.
 */
export async function publishedPasswordProblems(admins: readonly { username: string; passwordHash: string }[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { username, passwordHash } of admins) {
    const published = PUBLISHED_VALUES.ADMIN_PASSWORD_HASH!.includes(passwordHash) || (await verifyPassword(DEMO_ADMIN_PASSWORD, passwordHash));
    if (!published) continue;
    problems.push(
      `Admin "${username}" in the database logs in with a password published in this repository (the demo's): give it your own (npm run admin:create -- --username ${username}), remove it (npm run admin:remove -- --username ${username}), or set ADMIN_USERNAME=${username} with your ADMIN_PASSWORD_HASH`,
    );
  }
  return problems;
}
