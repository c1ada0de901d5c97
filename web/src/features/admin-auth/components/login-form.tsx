import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
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
      <LoginField name="username" label="Username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} error={fields.username} />
      <LoginField name="password" label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={fields.password} />
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}

/** One required field of the login form, its error under it and named by the input for screen readers. */
function LoginField({ name, label, error, ...input }: { name: 'username' | 'password'; label: string; error: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `login-${name}-error`;
  return (
    <label className="login-field">
      <span>{label}</span>
      <input name={name} {...input} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} required />
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </label>
  );
}
