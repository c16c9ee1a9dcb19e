import { validateSupplier } from '../../lib/forms.ts';
import { SUPPLIER_FIELDS } from './fields.ts';
import PublicForm, { type FormIslandProps } from './PublicForm.tsx';

/** The supplier application of /suppliers-inner. */
export default function SupplierForm({ idPrefix = 'supplier', ...props }: FormIslandProps) {
  return (
    <PublicForm
      {...props}
      resource="suppliers"
      fields={SUPPLIER_FIELDS}
      validate={validateSupplier}
      idPrefix={idPrefix}
    />
  );
}
