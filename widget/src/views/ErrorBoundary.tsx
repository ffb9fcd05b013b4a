/** A crash inside the element shows a short error with a retry (never a blank box) and fires invoice-pay:error. */
import { Component, type ReactNode } from 'react';
import { WidgetContextValue } from '../flow/i18n-context.ts';
import { emit, eventDetail } from '../lib/events.ts';

interface Props {
  host: HTMLElement | undefined;
  invoice: string | null;
  reference: string | null;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null; attempt: number }> {
  static override contextType = WidgetContextValue;
  declare context: React.ContextType<typeof WidgetContextValue>;
  override state = { error: null as Error | null, attempt: 0 };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    const { invoice, reference } = this.props;
    emit(
      this.props.host,
      'error',
      eventDetail(null, null, { invoice, reference, message: error.message, code: 'crash' }),
    );
  }

  override render() {
    if (!this.state.error)
      return (
        <div key={this.state.attempt} className="flow-root">
          {this.props.children}
        </div>
      );
    const { t } = this.context;
    return (
      <div className="panel" part="root">
        <div className="status-view" role="alert" part="error">
          <h2>{t.crashTitle}</h2>
          <p className="muted">{t.crashText(this.state.error.message)}</p>
          <div className="actions">
            <button
              type="button"
              className="primary"
              onClick={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))}
            >
              {t.tryAgain}
            </button>
          </div>
        </div>
      </div>
    );
  }
}
