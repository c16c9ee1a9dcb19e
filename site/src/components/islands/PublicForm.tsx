import {
  DEFAULT_LANGUAGE,
  HONEYPOT_FIELD,
  type Language,
  leadBodies,
  supplierBodies,
  TOAST_MS,
} from '@conveyor/shared';
import './PublicForm.css';
import { type SubmitEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { READY_EVENT } from '../../directives/interaction.ts';
import { type Errors, send, toBody, type Values } from '../../lib/forms.ts';
import { formParameters, parameterField, type QuoteParameter } from '../../lib/quote.ts';
import { visitContext } from '../../lib/visit.ts';
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

/** The product a quote is asked for (the product page's contact form). */
export interface QuoteProduct {
  id: number;
  name: string;
  /** What the quote asks (its attributes marked `quote`), prefilled with the product's values. */
  parameters?: QuoteParameter[];
}

/** What a page gives a form island. */
export interface FormIslandProps {
  /** The page's language, sent with the form. */
  lang: Language;
  texts: FormTexts;
  /** The API's origin; '' for the site's own. */
  endpoint: string;
  /** Each island is a React root of its own, whose useId values start over: the prefix keeps
   *  the ids of two forms on one page apart. */
  idPrefix?: string;
  /** The product the message is about, shown above the fields; the visitor may remove it. */
  product?: QuoteProduct | undefined;
}

export interface PublicFormProps extends FormIslandProps {
  resource: 'leads' | 'suppliers';
  fields: FormFields;
  validate: (values: Values) => Errors;
  idPrefix: string;
}

/** The privacy notice of a language (DESIGN 5: Russian at the unprefixed path). */
const privacyPath = (lang: Language) =>
  lang === DEFAULT_LANGUAGE ? '/privacy' : `/${lang}/privacy`;

type Toast = { kind: 'success' | 'error'; text: string } | null;

/** The fields of each form's create call: the visit's context is sent where the API takes it. */
const ACCEPTED = {
  leads: Object.keys(leadBodies.create.properties),
  suppliers: Object.keys(supplierBodies.create.properties),
} as const;

/**
 * A public form (contact message or supplier application): checks in the browser, posts JSON
 * to the API and shows a toast in the page's language. Only an accepted submission empties the
 * form (spec section 8 empties it after a refusal too, which loses the visitor's text): a
 * refusal (400) keeps it, says the data was not entered correctly and marks the field the API
 * named; a failure to deliver (the API down or unreachable) keeps it and asks to try again.
 */
const subscribeNothing = () => () => {};
const isClient = () => true;
const isServer = () => false;

export default function PublicForm(props: PublicFormProps) {
  const { lang, texts, endpoint, resource, fields, validate, idPrefix, product } = props;
  const flat = fields.flatMap((field) => (Array.isArray(field) ? field : [field])) as FieldSpec[];
  const [errors, setErrors] = useState<Errors>({});
  const [telegram, setTelegram] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<Toast>(null);
  const [about, setAbout] = useState(product);
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

  /** Moves the focus to the first field with an error; false when there is none. */
  function focusFirst(found: Errors): boolean {
    const first = flat.find((field) => found[field.name]);
    if (!first) return false;
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(id(first.name))}`)?.focus();
    return true;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // Uncontrolled fields: what a visitor typed before the island woke up is kept as it is.
    const values = Object.fromEntries(
      [...new FormData(form).entries()].map(([key, value]) => [key, String(value)]),
    ) as Values;
    const found = validate(values);
    // a figure of the quote's parameters that is not one
    const asked = about?.parameters ?? [];
    const { parameters, invalid } = formParameters(asked, values, lang);
    for (const name of invalid) found[name] = 'error_figure';
    setErrors(found);
    if (focusFirst(found)) return;
    if (invalid.length) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(id(invalid[0]!))}`)?.focus();
      return;
    }
    // What the lines above the form add (shown, not removed by the visitor): the "on request"
    // document a button of the page named, the calculator's duty and the model chosen for it
    // (src/scripts/calculator.ts), the quote basket's products (src/scripts/quotePage.ts).
    const line = (selector: string) =>
      form.closest('section')?.querySelector<HTMLElement>(`${selector}:not([hidden])`);
    const requested = line('[data-requested-document]');
    const documentId = Number(requested?.dataset.id);
    const dutyLine = line('[data-quote-duty]');
    const duty: unknown = dutyLine?.dataset.duty ? JSON.parse(dutyLine.dataset.duty) : null;
    const dutyProduct = Number(dutyLine?.dataset.product);
    const basket = line('[data-quote-items]');
    const items: unknown[] = basket?.dataset.items ? JSON.parse(basket.dataset.items) : [];
    // a figure of an item's parameters that is not one, which the basket's page marks: sent,
    // it would be lost
    if (basket?.dataset.invalid) {
      setToast({ kind: 'error', text: texts.toast_failure });
      document.getElementById(basket.dataset.invalid)?.focus();
      return;
    }
    setSending(true);
    const body = toBody(
      flat.map((f) => f.name),
      values,
    );
    const context: Record<string, unknown> = {
      ...visitContext(lang),
      product_id: about?.id ?? (dutyProduct > 0 ? dutyProduct : null),
      ...(parameters.length ? { parameters } : {}),
      ...(documentId > 0 ? { document_id: documentId } : {}),
      ...(duty ? { duty } : {}),
      ...(items.length ? { items } : {}),
    };
    for (const [key, value] of Object.entries(context)) {
      if (ACCEPTED[resource].includes(key)) body[key] = value;
    }
    const result = await send(endpoint, resource, body);
    setSending(false);
    if (result.kind === 'sent') {
      setToast({ kind: 'success', text: texts.toast_success });
      setTelegram(result.telegram);
      form.reset();
      if (requested) requested.hidden = true;
      if (dutyLine) dutyLine.hidden = true;
      if (items.length) document.dispatchEvent(new Event('quote:sent'));
    } else if (result.kind === 'invalid') {
      setErrors(result.errors);
      setToast({ kind: 'error', text: texts.toast_failure });
      focusFirst(result.errors);
    } else {
      setToast({ kind: 'error', text: texts.toast_send_failed });
    }
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

  /** One parameter of the quote: its inputs by its type, the unit after a figure. */
  const renderParameter = (parameter: QuoteParameter) => {
    const input = (end?: 'min' | 'max') => {
      const name = parameterField(parameter.attribute_id, end);
      const error = errors[name];
      const label = end
        ? `${parameter.label}: ${end === 'min' ? texts.filter_from : texts.filter_to}`
        : parameter.label;
      return (
        <span className="parameter-input" key={name}>
          <input
            id={id(name)}
            name={name}
            type="text"
            inputMode="decimal"
            aria-label={parameter.unit ? `${label}, ${parameter.unit}` : label}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id(name)}-error` : undefined}
            defaultValue={end ? parameter[end] : parameter.value}
            onInput={() => {
              if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
            }}
          />
          {parameter.unit && <span aria-hidden="true">{parameter.unit}</span>}
          {error && (
            <span className="error" id={`${id(name)}-error`}>
              {texts[error]}
            </span>
          )}
        </span>
      );
    };
    const name = parameterField(parameter.attribute_id);
    return (
      <div className="field parameter" key={parameter.attribute_id} data-parameter={parameter.code}>
        {parameter.type === 'enum' || parameter.type === 'boolean' ? (
          <>
            <label htmlFor={id(name)}>{parameter.label}</label>
            <select id={id(name)} name={name} defaultValue={parameter.value}>
              <option value="">—</option>
              {(parameter.options ?? []).map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </select>
          </>
        ) : parameter.type === 'text' ? (
          <>
            <label htmlFor={id(name)}>{parameter.label}</label>
            <input id={id(name)} name={name} type="text" defaultValue={parameter.value} />
          </>
        ) : (
          <>
            <span className="parameter-label" aria-hidden="true">
              {parameter.label}
            </span>
            <span className="parameter-inputs">
              {parameter.type === 'range' ? [input('min'), input('max')] : input()}
            </span>
          </>
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
      {about && (
        <p className="form-about" data-product={about.id}>
          <span>
            {texts.quote_about} <strong>{about.name}</strong>
          </span>
          <button
            type="button"
            className="icon-button"
            onClick={() => setAbout(undefined)}
            aria-label={`${texts.quote_remove}: ${about.name}`}
          >
            ×
          </button>
        </p>
      )}
      {about?.parameters?.length ? (
        <fieldset className="form-parameters" data-parameters>
          <legend>{texts.quote_parameters}</legend>
          {about.parameters.map(renderParameter)}
        </fieldset>
      ) : null}
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
          type="text"
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
      <p className="form-consent" data-consent>
        {texts.consent_text} <a href={privacyPath(lang)}>{texts.consent_link}</a>.
      </p>
      {telegram && (
        <p className="form-telegram" data-telegram-continue>
          <a className="button" href={telegram} target="_blank" rel="noopener noreferrer">
            {texts.telegram_continue}
          </a>
          <span>{texts.telegram_continue_hint}</span>
        </p>
      )}
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
