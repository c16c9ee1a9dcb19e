import { Typography } from '@mui/material';
import {
  email,
  maxLength,
  SimpleForm,
  TextInput,
  Title,
  useBasename,
  useTranslate,
} from 'react-admin';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { EditPage, FormActions, FormToolbar } from '../common/pages.tsx';
import { httpUrl } from '../common/validators.ts';
import { SINGLETON_ID } from '../providers/dataProvider.ts';

/**
 * The company data the public site shows (DESIGN section 6): one record, edited in place, with
 * a back link like every form.
 */
export function SettingsPage() {
  const translate = useTranslate();
  const basename = useBasename();
  const url = [httpUrl, maxLength(500)];
  return (
    <>
      <Title title={translate('conveyor.settings.title')} />
      <EditPage
        resource="settings"
        id={SINGLETON_ID}
        redirect={false}
        // settings have no list: the back link goes to the admin's first screen
        actions={<FormActions to={basename} />}
      >
        <SimpleForm toolbar={<FormToolbar deletable={false} />}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {translate('conveyor.settings.title')}
          </Typography>
          <TextInput source="phone_primary" type="tel" validate={maxLength(25)} />
          <TextInput source="phone_secondary" type="tel" validate={maxLength(25)} />
          <TextInput source="email" type="email" validate={email()} />
          <TextInput source="legal_name" validate={maxLength(200)} fullWidth />
          <LocalizedInputs prefix="address" max={500} />
          <TextInput source="telegram_url" validate={url} fullWidth />
          <TextInput source="instagram_url" validate={url} fullWidth />
          <TextInput source="facebook_url" validate={url} fullWidth />
          <TextInput source="map_embed_url" validate={url} fullWidth />
          <TextInput source="developer_name" validate={maxLength(200)} />
          <TextInput source="developer_url_1" validate={url} fullWidth />
          <TextInput source="developer_url_2" validate={url} fullWidth />
        </SimpleForm>
      </EditPage>
    </>
  );
}
