import type { NotifyMeRequest, NotifyMeResponse } from '@pickles/shared/batch-subscriptions';
import { apiRequest } from '../../../lib/api-client.js';

/** POST /api/notify-me: "tell me when the next batch is ready"; the server e-mails a confirmation link. */
export function signUpForNextBatch(request: NotifyMeRequest): Promise<NotifyMeResponse> {
  return apiRequest<NotifyMeResponse>('POST', '/notify-me', { body: request });
}
