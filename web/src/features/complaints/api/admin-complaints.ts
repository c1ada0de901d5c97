import type { AdminComplaintResponse, AdminComplaintsResponse } from '@pickles/shared/api';
import type { ComplaintListState } from '@pickles/shared/complaints';
import { adminRequest } from '../../../lib/admin-session/index.js';

/** GET /api/admin/complaints?state=: the list under one tab, with the counts of every tab. */
export function getComplaints(state: ComplaintListState, signal?: AbortSignal): Promise<AdminComplaintsResponse> {
  return adminRequest<AdminComplaintsResponse>('GET', `/admin/complaints?${new URLSearchParams({ state }).toString()}`, { signal });
}

const complaintPath = (id: string, action: 'acknowledge' | 'resolve') => `/admin/complaints/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/complaints/{id}/acknowledge: the shopper is told the complaint is being looked into. */
export function acknowledgeComplaint(id: string): Promise<AdminComplaintResponse> {
  return adminRequest<AdminComplaintResponse>('POST', complaintPath(id, 'acknowledge'), { body: {} });
}

/** POST /api/admin/complaints/{id}/resolve: closes it; the resolution is e-mailed to the shopper. */
export function resolveComplaint(id: string, resolution: string): Promise<AdminComplaintResponse> {
  return adminRequest<AdminComplaintResponse>('POST', complaintPath(id, 'resolve'), { body: { resolution } });
}
