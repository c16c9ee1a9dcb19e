import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  ReferenceInput,
  required,
  SimpleFormIterator,
} from 'react-admin';
import { useRecordName } from '../common/recordRepresentation.ts';

const searchQuery = (q: string) => ({ q });
const byCode = { field: 'code', order: 'ASC' } as const;

/**
 * A category's template: the attributes its products carry, in the order the product page
 * shows them (moved up and down), each marked required or not.
 */
export function TemplateInput() {
  const name = useRecordName('attributes');
  return (
    <ArrayInput source="attributes">
      <SimpleFormIterator inline>
        <ReferenceInput source="attribute_id" reference="attributes" sort={byCode}>
          <AutocompleteInput
            label="resources.categories.template.attribute"
            optionText={(record) => `${name(record)} (${String(record.code)})`}
            filterToQuery={searchQuery}
            validate={required()}
            sx={{ minWidth: 300 }}
          />
        </ReferenceInput>
        <BooleanInput
          source="required"
          label="resources.categories.template.required"
          defaultValue={false}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
