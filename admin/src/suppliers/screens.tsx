import { Box, Typography } from '@mui/material';
import {
  email,
  EmailField,
  maxLength,
  minValue,
  NumberInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import { RowNumber, TruncatedText } from '../common/fields.tsx';
import { EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';

export function SupplierList() {
  return (
    <ListPage create={false} exporter>
      <RowNumber label="conveyor.list.number" />
      <TextField source="company_name" />
      <TextField source="contact_person" sortable={false} />
      <TextField source="phone" sortable={false} />
      <EmailField source="email" sortable={false} />
      {/* the list's 'description' column (spec 2.4): what the supplier offers, cut to 30 */}
      <TruncatedText sortable={false} source="offer" />
      <StatusSwitch label="conveyor.list.status" />
      <RowActions label="conveyor.list.actions" />
    </ListPage>
  );
}

/** Spec 2.4: 'Hamkor Ma'lumotlari', two columns, all eight fields required, back to the list. */
export function SupplierEdit() {
  const translate = useTranslate();
  const text = (max: number) => [required(), maxLength(max)];
  return (
    <EditPage title={translate('conveyor.suppliers.edit_title')}>
      <SimpleForm toolbar={<FormToolbar deletable={false} />}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {translate('conveyor.suppliers.edit_title')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            columnGap: 2,
            width: '100%',
          }}
        >
          <TextInput source="company_name" validate={text(200)} />
          <NumberInput source="partner_count" validate={[required(), minValue(0)]} />
          <TextInput source="inn" validate={text(50)} />
          <TextInput source="contact_person" validate={text(100)} />
          <TextInput source="phone" type="tel" validate={text(25)} />
          <TextInput source="email" type="email" validate={[required(), email()]} />
          <TextInput source="company_description" multiline minRows={4} validate={text(5000)} />
          <TextInput source="offer" multiline minRows={4} validate={text(5000)} />
        </Box>
      </SimpleForm>
    </EditPage>
  );
}
