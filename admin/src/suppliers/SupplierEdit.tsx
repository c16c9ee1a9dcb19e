import { supplierFields as fields } from '@conveyor/shared';
import { Box } from '@mui/material';
import {
  email,
  Labeled,
  NumberInput,
  type RaRecord,
  required,
  TextInput,
  useTranslate,
} from 'react-admin';
import { numberRules, textRules } from '../common/schemaRules.ts';
import { DeliveriesPanel } from '../notifications/DeliveriesPanel.tsx';
import { EditPage } from '../screens/FormPages.tsx';
import { FormTitle, FormToolbar, ResourceForm } from '../screens/ResourceForm.tsx';
import { AssigneeSelect } from '../workflow/AssigneeSelect.tsx';
import { NotesPanel } from '../workflow/NotesPanel.tsx';
import { StatusSelect } from '../workflow/StatusSelect.tsx';

// Spec 2.4 wants all eight fields, though the API lets a company description be empty.
const rules = {
  company_name: [required(), ...textRules(fields.company_name)],
  partner_count: [required(), ...numberRules(fields.partner_count)],
  inn: [required(), ...textRules(fields.inn, 'conveyor.errors.inn')],
  contact_person: [required(), ...textRules(fields.contact_person)],
  phone: [required(), ...textRules(fields.phone, 'conveyor.errors.phone')],
  email: [required(), email(), ...textRules(fields.email)],
  company_description: [required(), ...textRules(fields.company_description)],
  offer: [required(), ...textRules(fields.offer)],
};

/**
 * The status and assignee change in place, each with its own update; the form's save leaves
 * them alone, so it never puts back a value it loaded before they changed.
 */
const withoutWorkflow = ({ status: _status, assignee_id: _assignee, ...data }: RaRecord) => data;

/** Spec 2.4: 'Hamkor Ma'lumotlari', two columns, all eight fields required, back to the list. */
export function SupplierEdit() {
  const translate = useTranslate();
  return (
    <EditPage title={translate('conveyor.suppliers.edit_title')} transform={withoutWorkflow}>
      <ResourceForm activatable={false} toolbar={<FormToolbar deletable={false} />}>
        <FormTitle title="conveyor.suppliers.edit_title" />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            columnGap: 2,
            width: '100%',
          }}
        >
          <TextInput source="company_name" validate={rules.company_name} />
          <NumberInput source="partner_count" validate={rules.partner_count} />
          <TextInput source="inn" validate={rules.inn} />
          <TextInput source="contact_person" validate={rules.contact_person} />
          <TextInput source="phone" type="tel" validate={rules.phone} />
          <TextInput source="email" type="email" validate={rules.email} />
          <TextInput
            source="company_description"
            multiline
            minRows={4}
            validate={rules.company_description}
          />
          <TextInput source="offer" multiline minRows={4} validate={rules.offer} />
        </Box>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 1 }}>
          <Labeled label="resources.suppliers.fields.status">
            <StatusSelect />
          </Labeled>
          <Labeled label="resources.suppliers.fields.assignee_id">
            <AssigneeSelect />
          </Labeled>
        </Box>
        <NotesPanel subject="suppliers" />
        <DeliveriesPanel subject="suppliers" />
      </ResourceForm>
    </EditPage>
  );
}
