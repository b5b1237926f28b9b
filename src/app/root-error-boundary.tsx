import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorDetailsButton } from '@/features/shell';

interface State {
  error: unknown;
}

/**
 * spec §8: "The root error boundary shows a red banner asking the user to reload. A fixed corner
 * button reveals the fetch error message." It wraps the providers themselves, so it uses plain
 * elements: nothing it renders depends on what may have failed.
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
        <div
          role="alert"
          style={{
            background: '#c92a2a',
            color: '#fff',
            padding: '16px 20px',
            display: 'flex',
            gap: 16,
            alignItems: 'center',
            justifyContent: 'center',
            flexWrap: 'wrap',
            fontFamily: 'system-ui, sans-serif',
          }}
        >
          <span>Something went wrong and the app stopped. Please reload the page.</span>
          <button
            type="button"
            onClick={() => window.location.reload()}
            style={{
              background: '#fff',
              color: '#c92a2a',
              border: 'none',
              borderRadius: 6,
              padding: '6px 14px',
              fontWeight: 600,
              cursor: 'pointer',
            }}
          >
            Reload
          </button>
        </div>
        <ErrorDetailsButton error={this.state.error} />
      </>
    );
  }
}
