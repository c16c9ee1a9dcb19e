import { HONEYPOT_FIELD, TOAST_MS } from '@conveyor/shared';
import './PublicForm.css';
import { type SubmitEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { READY_EVENT } from '../../directives/interaction.ts';
import { type Errors, send, toBody, type Values } from '../../lib/forms.ts';
import type { FormTextKey, FormTexts } from './texts.ts';

export interface FieldSpec {
  name: string;
  label: FormTextKey;
  type?: 'text' | 'email' | 'tel' | 'number' | 'textarea';
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'tel' | 'email';
}

/** The fields in their order; an inner list is one row of fields side by side. */
export type FormFields = readonly (FieldSpec | readonly FieldSpec[])[];

/** What a page gives a form island. */
export interface FormIslandProps {
  texts: FormTexts;
  /** The API's origin; '' for the site's own. */
  endpoint: string;
  /** Each island is a React root of its own, whose useId values start over: the prefix keeps
   *  the ids of two forms on one page apart. */
  idPrefix?: string;
}

export interface PublicFormProps extends FormIslandProps {
  resource: 'leads' | 'suppliers';
  fields: FormFields;
  validate: (values: Values) => Errors;
  idPrefix: string;
}

type Toast = { kind: 'success' | 'error'; text: string } | null;

/**
 * A public form (contact message or supplier application): checks in the browser, posts JSON
 * to the API, shows the spec's toast in the page's language and empties itself after every
 * submission, whether it was accepted or not (spec section 8).
 */
const subscribeNothing = () => () => {};
const isClient = () => true;
const isServer = () => false;

export default function PublicForm(props: PublicFormProps) {
  const { texts, endpoint, resource, fields, validate, idPrefix } = props;
  const flat = fields.flatMap((field) => (Array.isArray(field) ? field : [field])) as FieldSpec[];
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<Toast>(null);
  // The page is static HTML and the island wakes on the first touch (client:interaction); the
  // attribute tells tests (and styles) when React has taken the form over.
  // useSyncExternalStore's server snapshot is what hydration renders first, the client one
  // follows at once: true exactly when React runs the form in the browser.
  const ready = useSyncExternalStore(subscribeNothing, isClient, isServer);
  useEffect(() => {
    if (ready) formRef.current?.dispatchEvent(new Event(READY_EVENT, { bubbles: true }));
  }, [ready]);
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${name}-${uid.replace(/:/g, '')}`;

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // Uncontrolled fields: what a visitor typed before the island woke up is kept as it is.
    const values = Object.fromEntries(
      [...new FormData(form).entries()].map(([key, value]) => [key, String(value)]),
    ) as Values;
    const found = validate(values);
    setErrors(found);
    const first = flat.find((field) => found[field.name]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(id(first.name))}`)?.focus();
      return;
    }
    setSending(true);
    const ok = await send(
      endpoint,
      resource,
      toBody(
        flat.map((f) => f.name),
        values,
      ),
    );
    setSending(false);
    setToast(
      ok
        ? { kind: 'success', text: texts.toast_success }
        : { kind: 'error', text: texts.toast_failure },
    );
    form.reset();
  }

  const renderField = (field: FieldSpec) => {
    const error = errors[field.name];
    const common = {
      id: id(field.name),
      name: field.name,
      defaultValue: '',
      required: field.required,
      'aria-required': field.required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id(field.name)}-error` : undefined,
      autoComplete: field.autoComplete,
      maxLength: field.maxLength,
      inputMode: field.inputMode,
      onInput: () => {
        if (errors[field.name]) setErrors((current) => ({ ...current, [field.name]: undefined }));
      },
    };
    return (
      <div className="field" key={field.name}>
        <label htmlFor={common.id}>
          {texts[field.label]}
          {field.required && (
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        {field.type === 'textarea' ? (
          <textarea {...common} rows={4} />
        ) : (
          <input {...common} type={field.type === 'number' ? 'text' : (field.type ?? 'text')} />
        )}
        {error && (
          <p className="error" id={`${common.id}-error`}>
            {texts[error]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      className="form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      data-form={resource}
      data-ready={ready || undefined}
    >
      {fields.map((field, index) =>
        Array.isArray(field) ? (
          <div className="row" key={index}>
            {field.map(renderField)}
          </div>
        ) : (
          renderField(field as FieldSpec)
        ),
      )}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
        <input
          id={id(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div>
        <button className="button" type="submit" disabled={sending}>
          {sending ? texts.sending : texts.send}
        </button>
      </div>
      <div aria-live="polite" role="status">
        {toast && (
          <div className={`toast ${toast.kind}`} data-toast={toast.kind}>
            <span>{toast.text}</span>
            <button type="button" onClick={() => setToast(null)} aria-label={texts.close}>
              ×
            </button>
          </div>
        )}
      </div>
    </form>
  );
}

/**
 * The island of one form: PublicForm with that form's resource, fields, checks and default id
 * prefix, taking from the page only what the page knows (texts, endpoint, another prefix).
 */
export function formIsland(
  form: Omit<PublicFormProps, keyof FormIslandProps> & { idPrefix: string },
) {
  return function FormIsland({ idPrefix = form.idPrefix, ...props }: FormIslandProps) {
    return <PublicForm {...props} {...form} idPrefix={idPrefix} />;
  };
}
