/**
 * The fatal-error screen (spec §2, §8 "Global boundary"): 'Something went wrong', the error text,
 * the component stack and a Reload Page button. It wraps the whole app, so it uses no router and
 * no data; the error is also logged to the console for support.
 *
 * @example <ErrorBoundary><App /></ErrorBoundary>
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import './errors.css';

interface State {
  error: Error | null;
  componentStack: string;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
    console.error('Unhandled error in the site', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <FatalErrorScreen error={this.state.error} componentStack={this.state.componentStack} />;
  }
}

export function FatalErrorScreen({ error, componentStack }: { error: Error; componentStack: string }) {
  return (
    <main className="fatal-error" role="alert">
      <h1>Something went wrong</h1>
      <p className="fatal-error__message">{error.message || String(error)}</p>
      {componentStack && (
        <details className="fatal-error__stack" open>
          <summary>Component stack</summary>
          <pre>{componentStack.trim()}</pre>
        </details>
      )}
      <button type="button" className="fatal-error__reload" onClick={() => window.location.reload()}>
        Reload Page
      </button>
    </main>
  );
}
