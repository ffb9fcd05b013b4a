/** A crash inside the element shows a short error with a retry (never a blank box) and fires invoice-pay:error. */
import { Component, type ReactNode } from 'react';
import { emit, eventDetail } from '../lib/events.ts';

interface Props {
  host: HTMLElement | undefined;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null; attempt: number }> {
  override state = { error: null as Error | null, attempt: 0 };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    emit(this.props.host, 'error', eventDetail(null, null, { message: error.message, code: 'crash' }));
  }

  override render() {
    if (!this.state.error) return <div key={this.state.attempt}>{this.props.children}</div>;
    return (
      <div className="r st" role="alert">
        <h2>Something went wrong</h2>
        <p className="m">The payment form stopped unexpectedly: {this.state.error.message}</p>
        <div className="acts">
          <button
            type="button"
            className="p"
            onClick={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
}
