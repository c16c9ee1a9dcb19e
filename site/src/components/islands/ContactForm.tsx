import { validateLead } from '../../lib/forms.ts';
import PublicForm, { type FieldSpec } from './PublicForm.tsx';
import type { FormTexts } from './texts.ts';

const FIELDS: readonly (FieldSpec | readonly FieldSpec[])[] = [
  { name: 'name', label: 'name', required: true, autoComplete: 'name', maxLength: 100 },
  [
    {
      name: 'phone',
      label: 'phone',
      type: 'tel',
      autoComplete: 'tel',
      maxLength: 25,
      inputMode: 'tel',
    },
    { name: 'email', label: 'email', type: 'email', autoComplete: 'email', maxLength: 254 },
  ],
  { name: 'message', label: 'message', type: 'textarea', maxLength: 5000 },
];

/** The contact form: a lead for the sales team. */
export default function ContactForm(props: {
  texts: FormTexts;
  endpoint: string;
  idPrefix?: string;
}) {
  return (
    <PublicForm
      texts={props.texts}
      endpoint={props.endpoint}
      resource="leads"
      fields={FIELDS}
      validate={validateLead}
      idPrefix={props.idPrefix ?? 'contact'}
    />
  );
}
