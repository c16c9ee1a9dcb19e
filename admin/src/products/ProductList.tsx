import { AutocompleteInput, ReferenceInput, SearchInput } from 'react-admin';
import { LocalizedField, ReferenceName, TruncatedText } from '../common/fields.tsx';
import { useRecordName } from '../common/recordRepresentation.ts';
import { ListPage } from '../screens/ListPage.tsx';

const byName = { field: 'name_uz', order: 'ASC' } as const;

/** The search and the category filter (the API's `category_id`), named in the screen's language. */
function useProductFilters() {
  const categoryName = useRecordName('categories');
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceInput
      key="category_id"
      source="category_id"
      reference="categories"
      sort={byName}
      alwaysOn
    >
      <AutocompleteInput
        label="resources.products.fields.category_id"
        optionText={categoryName}
        filterToQuery={(q: string) => ({ q })}
        helperText={false}
        sx={{ minWidth: 220 }}
      />
    </ReferenceInput>,
  ];
}

export function ProductList() {
  return (
    <ListPage filters={useProductFilters()}>
      <LocalizedField source="name" sortBy="name_uz" />
      <TruncatedText source="description" sortable={false} />
      <ReferenceName source="category_id" reference="categories" />
    </ListPage>
  );
}
