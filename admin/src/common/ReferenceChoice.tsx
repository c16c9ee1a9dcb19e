import type { Resource } from '@conveyor/shared';
import type { SortPayload } from 'react-admin';
import { AutocompleteInput, ReferenceInput, required } from 'react-admin';
import { useReadOnly } from './readOnly.ts';
import { useRecordName } from './recordRepresentation.ts';

const searchQuery = (q: string) => ({ q });

/**
 * A required choice of another record (a product's category, a video's product), searched by
 * the API's `q` as the user types and shown by its name in the screen's language.
 */
export function ReferenceChoice({
  source,
  reference,
  sort,
}: {
  source: string;
  reference: Resource;
  sort?: SortPayload;
}) {
  const name = useRecordName(reference);
  // on a read-only screen it looks as it acts: disabled (the form's fieldset alone left it
  // looking editable)
  const readOnly = useReadOnly();
  return (
    <ReferenceInput source={source} reference={reference} sort={sort}>
      <AutocompleteInput
        optionText={name}
        filterToQuery={searchQuery}
        validate={required()}
        fullWidth
        disabled={readOnly}
      />
    </ReferenceInput>
  );
}
