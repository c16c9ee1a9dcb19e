import { validateLead } from '../../lib/forms.ts';
import { LEAD_FIELDS } from './fields.ts';
import { formIsland } from './PublicForm.tsx';

/** The contact form: a lead for the sales team. */
export default formIsland({
  resource: 'leads',
  fields: LEAD_FIELDS,
  validate: validateLead,
  idPrefix: 'contact',
});
