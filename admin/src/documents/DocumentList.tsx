import { formatFileSize } from '@conveyor/shared';
import { Typography } from '@mui/material';
import {
  BooleanField,
  FunctionField,
  SearchInput,
  SelectField,
  SelectInput,
  useRecordContext,
} from 'react-admin';
import { LocalizedField, ReferenceName } from '../common/fields.tsx';
import { ListPage } from '../screens/ListPage.tsx';
import { kindChoices } from './DocumentFields.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    choices={kindChoices}
    alwaysOn
    helperText={false}
    sx={{ minWidth: 180 }}
  />,
];

/** What the document belongs to: its product, project or category, by name. */
function OwnerField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<{
    product_id: number | null;
    project_id: number | null;
    category_id: number | null;
  }>();
  if (record?.product_id) return <ReferenceName source="product_id" reference="products" />;
  if (record?.project_id) return <ReferenceName source="project_id" reference="project" />;
  if (record?.category_id) return <ReferenceName source="category_id" reference="categories" />;
  return <Typography variant="body2">—</Typography>;
}

export function DocumentList() {
  return (
    <ListPage filters={filters}>
      <LocalizedField source="title" sortBy="title_uz" />
      <SelectField source="kind" choices={kindChoices} />
      <OwnerField label="conveyor.documents.owner" sortable={false} />
      <FunctionField
        source="file_format"
        sortable={false}
        render={(record: { file_format: string | null; file_size: number | null }) =>
          record.file_format
            ? `${record.file_format.toUpperCase()}, ${formatFileSize(record.file_size ?? 0)}`
            : '—'
        }
      />
      <BooleanField source="on_request" />
    </ListPage>
  );
}
