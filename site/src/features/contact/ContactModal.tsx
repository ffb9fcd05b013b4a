/**
 * The contact modal (spec §2 "Contact modal", §5, §8): a native modal <dialog> (the page behind is
 * inert, Escape closes it), Tab wraps inside it, and focus returns to whatever opened it. Fields are
 * validated with the same rules as the server (`core/contact-form.ts`); a field's error clears when
 * it is edited; the outcome is announced through an aria-live region.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, requestJson } from '../../../../client/http.ts';
import { validateContactForm, type ContactErrors, type ContactField } from '../../../../core/contact-form.ts';
import '../../styles/forms.css';
import './contact.css';

export const CONTACT_SUCCESS = "Thanks for your interest! We'll be in touch soon.";
export const CONTACT_FAILURE = 'Something went wrong. Please try again later.';

interface Props {
  open: boolean;
  onClose: () => void;
  productName: string;
}

type Status = 'idle' | 'sending' | 'sent' | 'failed';

const EMPTY = { name: '', email: '', phone: '', company_name: '', website: '' };

export function ContactModal({ open, onClose, productName }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const id = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = document.activeElement;
      setValues(EMPTY);
      setErrors({});
      setStatus('idle');
      el.showModal();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  const restoreFocus = () => {
    if (opener.current instanceof HTMLElement) opener.current.focus();
  };

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = Array.from(
      dialog.current.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"])',
      ),
    ).filter((el) => el.offsetParent !== null);
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const edit = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field as ContactField]: undefined }));
    if (status === 'failed') setStatus('idle');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    const found = validateContactForm(values);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'company_name'] as const).find((f) => found[f]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    setStatus('sending');
    try {
      await requestJson('/api/public/prospects', {
        method: 'POST',
        json: {
          name: values.name.trim(),
          email: values.email.trim(),
          phone: values.phone.trim() || null,
          company_name: values.company_name.trim(),
          website: values.website,
        },
      });
      setStatus('sent');
    } catch (err) {
      // The server checks the same rules; show its field message where it names one.
      const field = err instanceof ApiError && err.status === 400 ? err.field : undefined;
      if (field === 'name' || field === 'email' || field === 'company_name') {
        setErrors({ [field]: (err as ApiError).message });
        setStatus('idle');
        return;
      }
      setStatus('failed');
    }
  };

  const input = (
    field: 'name' | 'email' | 'phone' | 'company_name',
    label: string,
    type: string,
    autoComplete: string,
  ) => {
    const error = field === 'phone' ? undefined : errors[field];
    return (
      <div className="field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <input
          id={`${id}-${field}`}
          name={field}
          type={type}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(e) => edit(field, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
        />
        {error && (
          <p className="field__error" id={`${id}-${field}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <dialog
      ref={dialog}
      className="contact-modal"
      aria-labelledby={`${id}-title`}
      onClose={() => {
        onClose();
        restoreFocus();
      }}
      onKeyDown={trapTab}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (e.target === dialog.current) dialog.current?.close();
      }}
    >
      <div className="contact-modal__panel">
        <div className="contact-modal__head">
          <h2 id={`${id}-title`}>Contact {productName}</h2>
          <button
            type="button"
            className="contact-modal__close"
            aria-label="Close"
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div aria-live="polite" className="contact-modal__live">
          {status === 'sent' && <p className="alert alert--success">{CONTACT_SUCCESS}</p>}
          {status === 'failed' && <p className="alert alert--error">{CONTACT_FAILURE}</p>}
        </div>
        {status !== 'sent' ? (
          <form className="contact-modal__form" onSubmit={submit} noValidate>
            {input('name', 'Full Name', 'text', 'name')}
            {input('email', 'Email Address', 'email', 'email')}
            {input('phone', 'Phone Number (optional)', 'tel', 'tel')}
            {input('company_name', 'Company Name', 'text', 'organization')}
            <div className="contact-modal__trap" aria-hidden="true">
              <label htmlFor={`${id}-website`}>Website</label>
              <input
                id={`${id}-website`}
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={(e) => edit('website', e.target.value)}
              />
            </div>
            <button type="submit" className="button" disabled={status === 'sending'}>
              {status === 'sending' ? 'Submitting...' : 'Submit'}
            </button>
            <p className="contact-modal__notice">
              By submitting this form you agree to our <Link to="/privacy">Privacy Policy</Link> and{' '}
              <Link to="/terms">Terms of Service</Link>. We only use your details to contact you about{' '}
              {productName}.
            </p>
          </form>
        ) : (
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        )}
      </div>
    </dialog>
  );
}
