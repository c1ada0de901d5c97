import type { SubmitComplaintResponse } from '@pickles/shared/api';
import type { ParsedComplaint } from '@pickles/shared/complaints';
import { apiRequest } from '../../../lib/api-client.js';

/** POST /api/complaints: records the complaint and answers with its ticket number and deadlines. */
export function submitComplaint(complaint: ParsedComplaint): Promise<SubmitComplaintResponse> {
  return apiRequest<SubmitComplaintResponse>('POST', '/complaints', { body: complaint });
}
