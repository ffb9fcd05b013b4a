/**
 * The frame of every accounts page: the site header and footer, a card with the page heading, and
 * one live region for the form's outcome. The heading takes focus whenever `view` changes (e.g. the
 * form is replaced by 'Registration Successful'), so keyboard and screen-reader users land on the
 * new content instead of a vanished button.
 */
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import '../../styles/forms.css';
import './accounts.css';

export type Notice = { kind: 'error' | 'success' | 'info'; content: ReactNode } | null;

interface Props {
  title: string;
  /** Document title prefix; defaults to the heading. */
  pageTitle?: string;
  lead?: ReactNode;
  notice?: Notice;
  /** A key for the current view; when it changes after the first render, focus moves to the heading. */
  view?: string;
  children?: ReactNode;
}

export function AuthCard({ title, pageTitle, lead, notice = null, view = 'form', children }: Props) {
  const productName = useProductName();
  useDocumentMeta({ title: `${pageTitle ?? title} | ${productName}` });
  const heading = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(view);
  useEffect(() => {
    if (view !== firstView.current) heading.current?.focus();
    firstView.current = view;
  }, [view]);
  return (
    <PageLayout>
      <div className="container">
        <section className="auth-card" aria-labelledby="auth-card-title">
          <h1 id="auth-card-title" ref={heading} tabIndex={-1}>
            {title}
          </h1>
          {lead && <p className="auth-card__lead">{lead}</p>}
          {/* Always in the DOM so assistive technology announces what appears in it. */}
          <div className="auth-card__alert" role="alert" aria-live="assertive" aria-atomic="true">
            {notice && <div className={`alert alert--${notice.kind}`}>{notice.content}</div>}
          </div>
          {children}
        </section>
      </div>
    </PageLayout>
  );
}

interface FieldProps {
  id: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoComplete: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({
  id,
  label,
  type,
  value,
  onChange,
  error,
  autoComplete,
  hint,
  inputRef,
}: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Focus the element with this id on the next frame (after React has rendered the error). */
export function focusById(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
