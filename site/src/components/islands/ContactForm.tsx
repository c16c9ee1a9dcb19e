import { validateLead } from '../../lib/forms.ts';
import { LEAD_FIELDS } from './fields.ts';
import PublicForm, { type FormIslandProps } from './PublicForm.tsx';

/** The contact form: a lead for the sales team. */
export default function ContactForm({ idPrefix = 'contact', ...props }: FormIslandProps) {
  return (
    <PublicForm
      {...props}
      resource="leads"
      fields={LEAD_FIELDS}
      validate={validateLead}
      idPrefix={idPrefix}
    />
  );
}
