import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import { parseOrThrow } from '@pickles/service-kit';
import type { SubmitComplaintResponse } from '@pickles/shared';
import { complaintRequestSchema } from '@pickles/shared/complaints';
import { submitComplaint } from '../domain/complaints.js';

/**
 * POST /api/complaints: the complaint form. Answers 201 with the ticket number and the
 * two deadlines the grievance rules set, which the page shows and the ticket e-mail repeats.
 */
export function submitComplaintHandler({ db }: { db: Db }): RequestHandler {
  return async (req, res) => {
    const complaint = parseOrThrow(complaintRequestSchema, req.body);
    const recorded = await submitComplaint(db, complaint);
    const order = recorded.orderId ? { orderId: recorded.orderId, orderNumber: complaint.orderNumber } : {};
    req.log.info({ complaintId: recorded.id, ticketNumber: recorded.ticketNumber, category: complaint.category, ...order }, 'complaint received');
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json({
      success: true,
      ticketNumber: recorded.ticketNumber,
      receivedAt: recorded.receivedAt.toISOString(),
      acknowledgeBy: recorded.acknowledgeBy.toISOString(),
      resolveBy: recorded.resolveBy.toISOString(),
    } satisfies SubmitComplaintResponse);
  };
}
