export {
  AdminSessionProvider,
  LOGGED_OUT_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  afterLoginPath,
  startAdminSession,
  useAdminSession,
  type AdminSession,
  type LoginState,
} from './admin-session.js';
export { adminBlob, adminRequest, adminStream, type AdminRequestOptions } from './admin-request.js';
