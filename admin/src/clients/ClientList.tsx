import { ImageField, TextField, useRecordContext } from 'react-admin';
import { fileUrl } from '../config.ts';
import { ListPage } from '../screens/ListPage.tsx';

function Logo(_props: { label?: string }) {
  const record = useRecordContext();
  if (!record?.image) return null;
  return (
    <ImageField
      record={{ ...record, src: fileUrl(record.image as string) }}
      source="src"
      sx={{ '& img': { maxWidth: 80, maxHeight: 40, objectFit: 'contain', m: 0 } }}
    />
  );
}

export function ClientList() {
  return (
    <ListPage>
      <TextField source="name" />
      <Logo label="resources.clients.fields.image" />
    </ListPage>
  );
}
