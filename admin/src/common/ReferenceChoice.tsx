import type { SortPayload } from 'react-admin';
import { AutocompleteInput, ReferenceInput, required } from 'react-admin';

const searchQuery = (q: string) => ({ q });

/**
 * A required choice of another record (a product's category, a video's product), searched by
 * the API's `q` as the user types and shown by its Uzbek name.
 */
export function ReferenceChoice({
  source,
  reference,
  sort,
}: {
  source: string;
  reference: string;
  sort?: SortPayload;
}) {
  return (
    <ReferenceInput source={source} reference={reference} sort={sort}>
      <AutocompleteInput
        optionText="name_uz"
        filterToQuery={searchQuery}
        validate={required()}
        fullWidth
      />
    </ReferenceInput>
  );
}
