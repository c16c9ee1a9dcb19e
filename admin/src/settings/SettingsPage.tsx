import { settingsFields as fields } from '@conveyor/shared';
import { email, TextInput, useBasename, useTranslate } from 'react-admin';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { textRules } from '../common/schemaRules.ts';
import { SINGLETON_ID } from '../providers/dataProvider.ts';
import { EditPage, BackToolbar } from '../screens/FormPages.tsx';
import { FormTitle, FormToolbar, ResourceForm } from '../screens/ResourceForm.tsx';

const url = textRules(fields.telegram_url, 'conveyor.errors.url');
const rules = {
  phone_primary: textRules(fields.phone_primary, 'conveyor.errors.phone'),
  phone_secondary: textRules(fields.phone_secondary, 'conveyor.errors.phone'),
  email: [email(), ...textRules(fields.email)],
  legal_name: textRules(fields.legal_name),
  developer_name: textRules(fields.developer_name),
};

/**
 * The company data the public site shows (DESIGN section 6): one record, edited in place, with
 * a back link like every form.
 */
export function SettingsPage() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <>
      <EditPage
        // its one title: without it, react-admin's edit screen puts its own ("Settings #1")
        // beside the page's
        title={translate('conveyor.settings.title')}
        resource="settings"
        id={SINGLETON_ID}
        redirect={false}
        // settings have no list: the back link goes to the admin's first screen
        actions={<BackToolbar to={basename} />}
      >
        <ResourceForm activatable={false} toolbar={<FormToolbar deletable={false} />}>
          <FormTitle title="conveyor.settings.title" />
          <TextInput source="phone_primary" type="tel" validate={rules.phone_primary} />
          <TextInput source="phone_secondary" type="tel" validate={rules.phone_secondary} />
          <TextInput source="email" type="email" validate={rules.email} />
          <TextInput source="legal_name" validate={rules.legal_name} fullWidth />
          {/* an address is long: each language a full-width, multi-line box, read whole */}
          <LocalizedInputs prefix="address" multiline max={fields.address_uz.maxLength} />
          <TextInput source="telegram_url" validate={url} fullWidth />
          <TextInput source="instagram_url" validate={url} fullWidth />
          <TextInput source="facebook_url" validate={url} fullWidth />
          <TextInput source="map_embed_url" validate={url} fullWidth />
          <TextInput source="developer_name" validate={rules.developer_name} />
          <TextInput source="developer_url_1" validate={url} fullWidth />
          <TextInput source="developer_url_2" validate={url} fullWidth />
          <LocalizedInputs prefix="privacy" multiline required max={fields.privacy_uz.maxLength} />
        </ResourceForm>
      </EditPage>
    </>
  );
}
