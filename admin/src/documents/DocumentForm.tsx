import { DOCUMENT_OWNERS, type DocumentOwnerColumn, documentOwners } from '@conveyor/shared';
import { Typography } from '@mui/material';
import { AutocompleteInput, ReferenceInput, useTranslate } from 'react-admin';
import { useReadOnly } from '../common/readOnly.ts';
import { useRecordName } from '../common/recordRepresentation.ts';
import { ResourceForm } from '../screens/ResourceForm.tsx';
import { DOCUMENT_DEFAULTS, DocumentFields } from './DocumentFields.tsx';

const OWNERS = Object.entries(DOCUMENT_OWNERS) as [
  DocumentOwnerColumn,
  (typeof DOCUMENT_OWNERS)[DocumentOwnerColumn],
][];

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
      <AutocompleteInput
        optionText={name}
        filterToQuery={(q: string) => ({ q })}
        fullWidth
        disabled={useReadOnly()}
      />
    </ReferenceInput>
  );
}

export function DocumentForm() {
  const translate = useTranslate();
  return (
    <ResourceForm defaultValues={DOCUMENT_DEFAULTS} validate={oneOwner}>
      <DocumentFields />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('conveyor.documents.owner_help')}
      </Typography>
      {OWNERS.map(([source, reference]) => (
        <OwnerChoice key={source} source={source} reference={reference} />
      ))}
    </ResourceForm>
  );
}
