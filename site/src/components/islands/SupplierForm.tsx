import { validateSupplier } from '../../lib/forms.ts';
import { SUPPLIER_FIELDS } from './fields.ts';
import { formIsland } from './PublicForm.tsx';

/** The supplier application of /suppliers-inner. */
export default formIsland({
  resource: 'suppliers',
  fields: SUPPLIER_FIELDS,
  validate: validateSupplier,
  idPrefix: 'supplier',
});
