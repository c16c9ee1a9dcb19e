import { DOCUMENT_KINDS, documentFields, LANGUAGES } from '@conveyor/shared';
import { BooleanInput, CheckboxGroupInput, SelectInput, TextInput } from 'react-admin';
import { DocumentUpload } from '../common/DocumentUpload.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { textRules } from '../common/schemaRules.ts';

export const kindChoices = DOCUMENT_KINDS.map((kind) => ({
  id: kind,
  name: `conveyor.documents.kinds.${kind}`,
}));
const languageChoices = LANGUAGES.map((lang) => ({ id: lang, name: `conveyor.languages.${lang}` }));
const revisionRules = textRules(documentFields.revision);

/** A new document's values before staff change them. */
export const DOCUMENT_DEFAULTS = {
  kind: 'datasheet',
  languages: [],
  revision: '',
  on_request: false,
};

/**
 * A document's own fields: its kind, titles, file, languages, revision and "on request". The
 * Documents screen adds what it belongs to; a record's Documents section knows that already.
 */
export function DocumentFields() {
  return (
    <>
      <SelectInput source="kind" choices={kindChoices} fullWidth />
      <LocalizedInputs prefix="title" required />
      <DocumentUpload source="file" />
      <CheckboxGroupInput source="languages" choices={languageChoices} />
      <TextInput source="revision" validate={revisionRules} fullWidth />
      <BooleanInput source="on_request" helperText="conveyor.documents.on_request_help" />
    </>
  );
}
