import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { fillIn, type SignInKey } from '../../i18n/signIn.ts';

/** The screen's texts by key, in its language. */
export type Translate = (key: SignInKey) => string;

/** What each step's form is given by the page. */
export interface StepProps {
  t: Translate;
  loading: boolean;
  onInvalid: () => void;
  /** Why the last sign-in was refused; shown until the user changes a field or tries again. */
  refusal: string | null;
  onEdit: () => void;
}

/** A field's check: its error message, or undefined. */
type Check = (value: string) => string | undefined;

/** react-admin's required(): an empty field (spaces are not empty). */
export const required =
  (t: Translate): Check =>
  (value) =>
    value === '' ? t('ra.validation.required') : undefined;

/**
 * react-admin's regex() for the app's 6-digit code, with its message as react-admin's inputs
 * show it: the pattern reaches the text through JSON (ra-core's useInput), where a RegExp
 * becomes {}, so the text reads "…: [object Object]". Kept as users see it.
 */
export const sixDigits =
  (t: Translate): Check =>
  (value) =>
    value !== '' && !/^\s*\d{6}\s*$/.test(value)
      ? fillIn(t('ra.validation.regex'), { pattern: String({}) })
      : undefined;

/**
 * A form's fields as react-admin's Form (react-hook-form) keeps them: checked on submit, then
 * again at each change of a field; a refused submit puts the cursor in the first wrong field
 * and says so in a toast ('ra.message.invalid_form').
 */
export function useSignInForm<Name extends string>(
  checks: Record<Name, Check[]>,
  onValid: (values: Record<Name, string>) => void,
  onInvalid: () => void,
  onEdit: () => void,
) {
  const names = Object.keys(checks) as Name[];
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  const check = (name: Name, value: string) =>
    checks[name].reduce<string | undefined>((error, next) => error ?? next(value), undefined);

  const field = (name: Name) => ({
    name,
    value: values[name],
    error: errors[name],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      onEdit();
      setValues((current) => ({ ...current, [name]: value }));
      if (submitted) setErrors((current) => ({ ...current, [name]: check(name, value) }));
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const found = Object.fromEntries(names.map((name) => [name, check(name, values[name])]));
    setSubmitted(true);
    setErrors(found as Partial<Record<Name, string>>);
    const wrong = names.find((name) => found[name] !== undefined);
    if (wrong === undefined) {
      onValid(values);
    } else {
      inputs.current[wrong]?.focus();
      onInvalid();
    }
  };
  return { field, onSubmit };
}
