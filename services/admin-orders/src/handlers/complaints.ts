import type { RequestHandler } from 'express';
import { NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { AdminComplaintResponse, AdminComplaintsResponse } from '@pickles/shared';
import { COMPLAINT_MESSAGES, complaintListQuerySchema, resolveComplaintSchema } from '@pickles/shared/complaints';
import { adminOf } from '../auth/require-admin.js';
import { acknowledgeShopperComplaint, complaintsTab, resolveShopperComplaint } from '../domain/complaints.js';
import { isUuid } from './parse.js';

/** GET /api/admin/complaints?state=open|late|resolved|all: the list under one tab and the counts of all. */
export function listComplaintsHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { state } = parseOrThrow(complaintListQuerySchema, req.query);
    const tab = await complaintsTab(db, state);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...tab } satisfies AdminComplaintsResponse);
  };
}

/** The complaint id of the path; anything but a uuid is an unknown complaint, answered before the database is asked. */
function complaintId(id: unknown): string {
  if (!isUuid(id)) throw new NotFoundError(COMPLAINT_MESSAGES.notFound);
  return id;
}

/** POST /api/admin/complaints/{id}/acknowledge: the shopper is told it is being looked into (once). */
export function acknowledgeComplaintHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = complaintId(req.params.id);
    const complaint = await acknowledgeShopperComplaint(db, id, adminOf(req).sub);
    req.log.info({ complaintId: id, ticketNumber: complaint.ticketNumber }, 'complaint acknowledged');
    res.json({ success: true, complaint } satisfies AdminComplaintResponse);
  };
}

/** POST /api/admin/complaints/{id}/resolve {resolution}: closes it; the resolution is e-mailed to the shopper. */
export function resolveComplaintHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = complaintId(req.params.id);
    const { resolution } = parseOrThrow(resolveComplaintSchema, req.body);
    const complaint = await resolveShopperComplaint(db, id, resolution, adminOf(req).sub);
    req.log.info({ complaintId: id, ticketNumber: complaint.ticketNumber }, 'complaint resolved');
    res.json({ success: true, complaint } satisfies AdminComplaintResponse);
  };
}
