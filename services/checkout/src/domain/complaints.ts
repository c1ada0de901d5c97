import type { Db } from '@pickles/db';
import type { ParsedComplaint } from '@pickles/shared/complaints';
import { recordComplaint, type RecordedComplaint } from '../db/complaints.js';

export type { RecordedComplaint };

/**
 * A shopper's complaint, recorded with its ticket number, deadlines and the `complaint.updated`
 * {received} event in one transaction (db/complaints.ts says how the order it names is linked).
 */
export function submitComplaint(db: Db, complaint: ParsedComplaint): Promise<RecordedComplaint> {
  return recordComplaint(db, complaint);
}
