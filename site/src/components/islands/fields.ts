import { INN_DIGITS, leadFields, supplierFields } from '@conveyor/shared';
import type { FieldSpec, FormFields } from './PublicForm.tsx';

// The public forms' fields. Every length limit is the API's own, read from the shared schemas,
// so a visitor cannot type more than the API would take.

/** The widest number the schema allows, in digits: the employee count's field takes no more. */
const digits = (maximum: number) => String(maximum).length;

const phone = (required: boolean, maxLength: number): FieldSpec => ({
  name: 'phone',
  label: 'phone',
  type: 'tel',
  required,
  autoComplete: 'tel',
  maxLength,
  inputMode: 'tel',
});

const email = (required: boolean, maxLength: number): FieldSpec => ({
  name: 'email',
  label: 'email',
  type: 'email',
  required,
  autoComplete: 'email',
  maxLength,
});

/** A lead: a name and a way to answer, phone or e-mail (either may be empty). */
export const LEAD_FIELDS: FormFields = [
  {
    name: 'name',
    label: 'name',
    required: true,
    autoComplete: 'name',
    maxLength: leadFields.name.maxLength,
  },
  [phone(false, leadFields.phone.maxLength), email(false, leadFields.email.maxLength)],
  { name: 'message', label: 'message', type: 'textarea', maxLength: leadFields.message.maxLength },
];

/** A supplier application; the API's create schema says which fields are required. */
export const SUPPLIER_FIELDS: FormFields = [
  [
    {
      name: 'company_name',
      label: 'company_name',
      required: true,
      autoComplete: 'organization',
      maxLength: supplierFields.company_name.maxLength,
    },
    {
      name: 'partner_count',
      label: 'partner_count',
      type: 'number',
      inputMode: 'numeric',
      maxLength: digits(supplierFields.partner_count.maximum),
    },
  ],
  [
    { name: 'inn', label: 'inn', required: true, inputMode: 'numeric', maxLength: INN_DIGITS.max },
    {
      name: 'contact_person',
      label: 'contact_person',
      required: true,
      autoComplete: 'name',
      maxLength: supplierFields.contact_person.maxLength,
    },
  ],
  [phone(true, supplierFields.phone.maxLength), email(true, supplierFields.email.maxLength)],
  {
    name: 'company_description',
    label: 'company_description',
    type: 'textarea',
    maxLength: supplierFields.company_description.maxLength,
  },
  {
    name: 'offer',
    label: 'offer',
    type: 'textarea',
    required: true,
    maxLength: supplierFields.offer.maxLength,
  },
];
