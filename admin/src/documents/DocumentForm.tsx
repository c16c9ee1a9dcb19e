import {
  DOCUMENT_KINDS,
  DOCUMENT_OWNERS,
  type DocumentOwnerColumn,
  documentFields,
  documentOwners,
  LANGUAGES,
} from '@conveyor/shared';
import { Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { DocumentUpload } from '../common/DocumentUpload.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { useRecordName } from '../common/recordRepresentation.ts';
import { textRules } from '../common/schemaRules.ts';
import { ResourceForm } from '../screens/ResourceForm.tsx';

const OWNERS = Object.entries(DOCUMENT_OWNERS) as [
  DocumentOwnerColumn,
  (typeof DOCUMENT_OWNERS)[DocumentOwnerColumn],
][];

const kindChoices = DOCUMENT_KINDS.map((kind) => ({
  id: kind,
  name: `conveyor.documents.kinds.${kind}`,
}));
const languageChoices = LANGUAGES.map((lang) => ({ id: lang, name: `conveyor.languages.${lang}` }));
const revisionRules = textRules(documentFields.revision);

/** Exactly one of a product, a project and a category (the API says so too: documents.oneOwner). */
function oneOwner(values: Record<string, unknown>) {
  if (documentOwners(values).length === 1) return {};
  const message = 'conveyor.api_errors.documents.oneOwner';
  return Object.fromEntries(OWNERS.map(([source]) => [source, message]));
}

/** A choice of the record the document belongs to, by its name in the screen's language. */
function OwnerChoice({
  source,
  reference,
}: {
  source: string;
  reference: (typeof DOCUMENT_OWNERS)[DocumentOwnerColumn];
}) {
  const name = useRecordName(reference);
  return (
    <ReferenceInput source={source} reference={reference}>
      <AutocompleteInput optionText={name} filterToQuery={(q: string) => ({ q })} fullWidth />
    </ReferenceInput>
  );
}

export function DocumentForm() {
  const translate = useTranslate();
  return (
    <ResourceForm
      defaultValues={{ kind: 'datasheet', languages: [], revision: '', on_request: false }}
      validate={oneOwner}
    >
      <SelectInput source="kind" choices={kindChoices} fullWidth />
      <LocalizedInputs prefix="title" required />
      <DocumentUpload source="file" />
      <CheckboxGroupInput source="languages" choices={languageChoices} />
      <TextInput source="revision" validate={revisionRules} fullWidth />
      <BooleanInput source="on_request" helperText="conveyor.documents.on_request_help" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('conveyor.documents.owner_help')}
      </Typography>
      {OWNERS.map(([source, reference]) => (
        <OwnerChoice key={source} source={source} reference={reference} />
      ))}
    </ResourceForm>
  );
}
