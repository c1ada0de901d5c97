import { useState, type FormEvent } from 'react';
import { adminLoginSchema, fieldErrors } from '@pickles/shared';
import { isApiFailure } from '../../../lib/api-client.js';
import { startAdminSession } from '../../../lib/admin-session/index.js';
import { loginAdmin } from '../api/login.js';
import './login-form.css';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const LOGIN_FAILED = 'Login failed';

/**
 * Username and password, both required (docs/product.md §2, §5, §8). Success needs both a success flag
 * and a token; then the admin session starts and `onLoggedIn` runs.
 */
export function LoginForm({ notice, onLoggedIn }: { notice?: string; onLoggedIn: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const parsed = adminLoginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setFields(fieldErrors(parsed.error));
      return;
    }
    setFields({});
    setIsSubmitting(true);
    try {
      const response = await loginAdmin(parsed.data.username, parsed.data.password);
      if (response?.success && response.token) {
        startAdminSession(response.token);
        onLoggedIn();
        return;
      }
      setError(INVALID_CREDENTIALS);
    } catch (failure) {
      setError(isApiFailure(failure) && failure.error ? failure.error : LOGIN_FAILED);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="login-form card" onSubmit={submit} noValidate>
      <h1>Admin Login</h1>
      {notice && !error ? (
        <p className="login-notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="login-error" role="alert">
          {error}
        </p>
      ) : null}
      <label className="login-field">
        <span>Username</span>
        <input
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={Boolean(fields.username)}
          aria-describedby={fields.username ? 'login-username-error' : undefined}
          required
        />
        {fields.username ? (
          <span className="field-error" id="login-username-error">
            {fields.username}
          </span>
        ) : null}
      </label>
      <label className="login-field">
        <span>Password</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(fields.password)}
          aria-describedby={fields.password ? 'login-password-error' : undefined}
          required
        />
        {fields.password ? (
          <span className="field-error" id="login-password-error">
            {fields.password}
          </span>
        ) : null}
      </label>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}
