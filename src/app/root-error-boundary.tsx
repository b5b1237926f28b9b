import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorDetailsButton } from '@/features/shell';
import classes from './root-error-boundary.module.css';

interface State {
  error: unknown;
}

/**
 * spec §8: "The root error boundary shows a red banner asking the user to reload. A fixed corner
 * button reveals the fetch error message." It wraps the providers themselves, so it uses plain
 * elements: nothing it renders depends on what may have failed. Its styles are in the entry's
 * stylesheet (loaded before the app renders anything), not inline in the entry's script, the
 * first visit's scarcest budget (issue 24).
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error in the app', error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <>
        <div role="alert" className={classes.banner}>
          <span>Something went wrong and the app stopped. Please reload the page.</span>
          <button type="button" onClick={() => window.location.reload()} className={classes.reload}>
            Reload
          </button>
        </div>
        <ErrorDetailsButton error={this.state.error} />
      </>
    );
  }
}
