import { useLocation, useNavigate } from 'react-router-dom';
import { LoginForm } from '../../../features/admin-auth/components/login-form.js';
import { afterLoginPath, type LoginState } from '../../../lib/admin-session/index.js';

/** /login: the admin login; after success the panel, or the admin page that sent the owner here (docs/product.md §2). */
export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as LoginState | null)?.message;
  return (
    <section className="container">
      <LoginForm notice={typeof notice === 'string' ? notice : undefined} onLoggedIn={() => navigate(afterLoginPath(location.state), { replace: true })} />
    </section>
  );
}
