import { Component, type ErrorInfo, type ReactNode } from 'react';
import { EarlyTapsRelease } from '../../lib/early-taps.js';

interface Props {
  children: ReactNode;
  /** Changing it (the location) clears a previous error so other links keep working. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Never a blank page: a page that fails to load or render says so and offers a reload. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: undefined, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed to load or render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <section className="page-error" role="alert">
        <h1>This page could not be loaded</h1>
        <p>This page could not be loaded. Please check your connection and reload; the shop may just have been updated.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        {/* Lets go of taps held before the page failed (decision 017): their buttons went with it. */}
        <EarlyTapsRelease />
      </section>
    );
  }
}
