import { validateSupplier } from '../../lib/forms.ts';
import PublicForm, { type FieldSpec } from './PublicForm.tsx';
import type { FormTexts } from './texts.ts';

const FIELDS: readonly (FieldSpec | readonly FieldSpec[])[] = [
  [
    {
      name: 'company_name',
      label: 'company_name',
      required: true,
      autoComplete: 'organization',
      maxLength: 200,
    },
    {
      name: 'partner_count',
      label: 'partner_count',
      type: 'number',
      inputMode: 'numeric',
      maxLength: 7,
    },
  ],
  [
    { name: 'inn', label: 'inn', required: true, inputMode: 'numeric', maxLength: 14 },
    {
      name: 'contact_person',
      label: 'contact_person',
      required: true,
      autoComplete: 'name',
      maxLength: 100,
    },
  ],
  [
    {
      name: 'phone',
      label: 'phone',
      type: 'tel',
      required: true,
      autoComplete: 'tel',
      maxLength: 25,
      inputMode: 'tel',
    },
    {
      name: 'email',
      label: 'email',
      type: 'email',
      required: true,
      autoComplete: 'email',
      maxLength: 254,
    },
  ],
  { name: 'company_description', label: 'company_description', type: 'textarea', maxLength: 5000 },
  { name: 'offer', label: 'offer', type: 'textarea', required: true, maxLength: 5000 },
];

/** The supplier application of /suppliers-inner. */
export default function SupplierForm(props: { texts: FormTexts; endpoint: string }) {
  return (
    <PublicForm
      texts={props.texts}
      endpoint={props.endpoint}
      resource="suppliers"
      fields={FIELDS}
      validate={validateSupplier}
      idPrefix="supplier"
    />
  );
}
