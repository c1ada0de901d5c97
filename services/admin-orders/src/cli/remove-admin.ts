import { removeAdmin } from '../db/admins.js';
import { requiredOption, withCommandDb } from './command.js';

/**
 * `npm run admin:remove -- --username admin` removes an admin from `DATABASE_URL` (the demo's, left
 * in a database a live shop now uses); its sessions end with it.
 */
const username = requiredOption('username', 'npm run admin:remove -- --username <name>');
const removed = await withCommandDb('remove-admin', (db) => removeAdmin(db, username));
process.stdout.write(removed ? `Admin ${username} removed\n` : `No admin ${username}\n`);
if (!removed) process.exitCode = 1;
