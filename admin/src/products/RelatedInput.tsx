import { MAX_RELATED, RELATION_KINDS } from '@conveyor/shared';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
} from 'react-admin';
import { useReadOnly } from '../common/readOnly.ts';
import { useRecordName } from '../common/recordRepresentation.ts';

const kindChoices = RELATION_KINDS.map((kind) => ({
  id: kind,
  name: `resources.products.related.kinds.${kind}`,
}));

/** At most MAX_RELATED, as the API takes them. */
const atMost = (value: unknown[] | undefined) =>
  (value?.length ?? 0) > MAX_RELATED ? 'resources.products.related.tooMany' : undefined;

/**
 * A product's related products (`related`): each another product, searched by name, of a kind
 * (accessory, spare part, similar), shown both ways or not, in an order staff set with the
 * rows' arrows. react-admin's ArrayInput: the list is one field of the product.
 */
export function RelatedInput() {
  const name = useRecordName('products');
  const readOnly = useReadOnly();
  return (
    <ArrayInput source="related" validate={atMost}>
      <SimpleFormIterator inline disableClear disabled={readOnly}>
        <ReferenceInput source="product_id" reference="products">
          <AutocompleteInput
            label="resources.products.related.product_id"
            optionText={name}
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
            sx={{ minWidth: 260 }}
            disabled={readOnly}
          />
        </ReferenceInput>
        <SelectInput
          source="kind"
          label="resources.products.related.kind"
          choices={kindChoices}
          validate={required()}
        />
        <BooleanInput source="two_way" label="resources.products.related.two_way" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
