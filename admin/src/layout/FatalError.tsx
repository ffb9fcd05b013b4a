/**
 * The spec's fatal-error screen: 'Something went wrong', the error text, the component stack and a
 * Reload Page button. Used by react-admin's layout boundary and by the outer boundary in main.tsx.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export function FatalErrorScreen({
  error,
  componentStack,
}: {
  error: unknown;
  componentStack?: string | null;
}) {
  const message = error instanceof Error ? error.message : String(error ?? 'Unknown error');
  return (
    <div
      role="alert"
      style={{ padding: 32, fontFamily: 'system-ui, sans-serif', maxWidth: 900, margin: '0 auto' }}
    >
      <h1 style={{ fontSize: 28, margin: '0 0 12px' }}>Something went wrong</h1>
      <p style={{ color: '#b71c1c', fontWeight: 600 }}>{message}</p>
      {componentStack ? (
        <details open style={{ margin: '16px 0' }}>
          <summary>Component stack</summary>
          <pre
            style={{
              whiteSpace: 'pre-wrap',
              fontSize: 12,
              background: '#f5f5f5',
              padding: 12,
              overflow: 'auto',
            }}
          >
            {componentStack.trim()}
          </pre>
        </details>
      ) : null}
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ padding: '8px 16px', fontSize: 16, cursor: 'pointer' }}
      >
        Reload Page
      </button>
    </div>
  );
}

interface State {
  error: unknown;
  componentStack: string | null;
}

/** Outermost boundary: catches what happens outside react-admin's own layout boundary. */
export class FatalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, componentStack: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
  }

  override render() {
    if (this.state.error)
      return <FatalErrorScreen error={this.state.error} componentStack={this.state.componentStack} />;
    return this.props.children;
  }
}
