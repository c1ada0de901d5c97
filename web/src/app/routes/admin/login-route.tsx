import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { LoginForm } from '../../../features/admin-auth/components/login-form.js';

/** /login: the admin login; after success the panel (docs/product.md §2). */
export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { message?: unknown } | null)?.message;
  return (
    <section className="container">
      <LoginForm notice={typeof notice === 'string' ? notice : undefined} onLoggedIn={() => navigate(paths.admin, { replace: true })} />
    </section>
  );
}
