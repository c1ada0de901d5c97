export { AdminSessionProvider, SESSION_EXPIRED_MESSAGE, startAdminSession, useAdminSession, type AdminSession } from './admin-session.js';
export { adminRequest, adminStream, type AdminRequestOptions } from './admin-request.js';
