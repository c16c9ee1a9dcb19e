import {
  AutocompleteInput,
  CreateButton,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { LocalizedField, ReferenceName, TruncatedText } from '../common/fields.tsx';
import { ThumbnailField, TranslationsField } from '../common/listColumns.tsx';
import { useRecordName } from '../common/recordRepresentation.ts';
import { ListPage } from '../screens/ListPage.tsx';
import { SheetButtons } from './SheetButtons.tsx';
import { SpecsCompleteness } from './SpecsCompleteness.tsx';

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
    // the API's `incomplete`: a required attribute of the template without a value
    <SelectInput
      key="incomplete"
      source="incomplete"
      label="resources.products.fields.specs"
      choices={[
        { id: true, name: 'resources.products.specs.onlyIncomplete' },
        { id: false, name: 'resources.products.specs.onlyComplete' },
      ]}
      alwaysOn
      helperText={false}
      sx={{ minWidth: 200 }}
    />,
    // the API's `is_active`: shown on the site or hidden
    <SelectInput
      key="is_active"
      source="is_active"
      label="conveyor.list.status"
      choices={[
        { id: true, name: 'conveyor.list.active' },
        { id: false, name: 'conveyor.list.hidden' },
      ]}
      helperText={false}
      sx={{ minWidth: 160 }}
    />,
  ];
}

export function ProductList() {
  return (
    <ListPage
      filters={useProductFilters()}
      actions={
        <TopToolbar>
          <CreateButton />
          <SheetButtons />
        </TopToolbar>
      }
    >
      <ThumbnailField label="conveyor.list.picture" sortable={false} />
      <LocalizedField source="name" sortBy="name_uz" />
      <TruncatedText source="description" sortBy="description_uz" />
      <ReferenceName source="category_id" reference="categories" />
      <SpecsCompleteness label="resources.products.fields.specs" sortable={false} />
      <TranslationsField label="conveyor.list.translations" sortable={false} />
    </ListPage>
  );
}
