import {
  type DocumentOwnerColumn,
  type DocumentRecord,
  formatFileSize,
  isLanguage,
  pickLocalized,
} from '@conveyor/shared';
import AddIcon from '@mui/icons-material/Add';
import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { Fragment, type ReactNode, useState } from 'react';
import {
  Button,
  Confirm,
  type Identifier,
  useCanAccess,
  useDataProvider,
  useDelete,
  useGetList,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useReadOnly } from '../common/readOnly.ts';
import { DocumentDialog } from './DocumentDialog.tsx';
import { inPageOrder, moveWrites } from './order.ts';

/** The most documents a record may have is the API's to say; the section asks for them all. */
const ALL = { page: 1, perPage: 100 } as const;

type Listed = DocumentRecord & { id: number };

/** An icon button named for what it does to which document (read out, and shown on hover). */
function Action({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const button = (
    <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
      {children}
    </IconButton>
  );
  // a disabled button sends no hover: its tooltip hangs on a span around it
  return (
    <Tooltip title={label}>
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * A product's, project's or category's documents, in its own edit screen (docs/documents.md):
 * listed in the order its page lists them, each with its kind, title, file, languages and
 * revision; added (a file dropped or picked) and changed in a dialog, removed (to the trash)
 * after a question, and moved up or down. Each change is saved at once through the documents
 * API, apart from the record's own Save. A role that may only read sees the list alone.
 * The API's refusals (too many documents, a file it does not take) are shown where they
 * happened and stay until the next try.
 */
export function RecordDocuments({ owner }: { owner: DocumentOwnerColumn }) {
  const record = useRecordContext<{ id: Identifier }>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : 'uz';
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [deleteOne] = useDelete();
  const readOnlyScreen = useReadOnly();
  const { canAccess: mayEdit = false } = useCanAccess({ action: 'edit', resource: 'documents' });
  const [dialog, setDialog] = useState<{ id?: Identifier } | null>(null);
  const [removing, setRemoving] = useState<Listed | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = record?.id;
  const {
    data = [],
    isPending,
    refetch,
  } = useGetList<Listed>(
    'documents',
    { filter: { [owner]: id }, pagination: ALL, sort: { field: 'id', order: 'ASC' } },
    { enabled: id !== undefined },
  );
  const writable = mayEdit && !readOnlyScreen;
  const reason = (failure: unknown) => {
    const text = (failure as Error | undefined)?.message ?? '';
    return `${translate('conveyor.errors.form')}: ${text && translate(text, { _: text })}`;
  };

  const heading = (
    <Typography component="h2" variant="subtitle1" sx={{ mb: 0.5 }}>
      {translate('resources.documents.name', { smart_count: 2 })}
    </Typography>
  );
  if (id === undefined) {
    return (
      <Box
        component="section"
        sx={{ px: 2, pt: 2, pb: 2, maxWidth: 900 }}
        data-testid="record-documents"
      >
        {heading}
        <Typography variant="body2" color="text.secondary">
          {translate('conveyor.documents.section.save_first')}
        </Typography>
      </Box>
    );
  }

  const ordered = inPageOrder(data);
  /** What the line says of a document besides its title: its file, revision, languages. */
  const details = (document: Listed): ReactNode[] => [
    ...(document.url && document.file_name
      ? [
          <Link key="file" href={document.url} target="_blank" rel="noopener">
            {document.file_name}
          </Link>,
        ]
      : []),
    ...(document.file_size ? [formatFileSize(document.file_size)] : []),
    ...(document.on_request ? [translate('resources.documents.fields.on_request')] : []),
    ...(document.revision
      ? [`${translate('resources.documents.fields.revision')}: ${document.revision}`]
      : []),
    ...(document.languages?.length
      ? [document.languages.map((lang) => lang.toUpperCase()).join(', ')]
      : []),
  ];
  const title = (document: Listed) =>
    pickLocalized(document, 'title', language) || `#${document.id}`;

  const move = async (from: number, to: number) => {
    setBusy(true);
    setError(null);
    try {
      for (const write of moveWrites(ordered, from, to)) {
        const previous = ordered.find((document) => document.id === write.id)!;
        await dataProvider.update('documents', {
          id: write.id,
          data: { position: write.position },
          previousData: previous,
        });
      }
    } catch (failure) {
      setError(reason(failure));
    } finally {
      await refetch();
      setBusy(false);
    }
  };
  const remove = (document: Listed) =>
    deleteOne(
      'documents',
      { id: document.id, previousData: document },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setRemoving(null);
          notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
          void refetch();
        },
        onError: (failure) => {
          setRemoving(null);
          setError(reason(failure));
        },
      },
    );

  return (
    <Box
      component="section"
      sx={{ px: 2, pt: 2, pb: 2, maxWidth: 900 }}
      data-testid="record-documents"
    >
      {heading}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(
          writable ? 'conveyor.documents.section.help' : 'conveyor.documents.section.help_read',
        )}
      </Typography>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {!isPending && ordered.length === 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('conveyor.documents.section.none')}
        </Typography>
      )}
      <List dense disablePadding aria-busy={busy || isPending}>
        {ordered.map((document, index) => (
          <ListItem
            key={document.id}
            divider
            disableGutters
            data-document={document.id}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" label={translate(`conveyor.documents.kinds.${document.kind}`)} />
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {title(document)}
                </Typography>
                {!document.is_active && (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={translate('conveyor.documents.section.hidden')}
                  />
                )}
              </Stack>
              <Typography variant="caption" color="text.secondary" component="p">
                {details(document).map((part, at) => (
                  <Fragment key={at}>
                    {at > 0 && ' · '}
                    {part}
                  </Fragment>
                ))}
              </Typography>
            </Box>
            {writable && (
              <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
                <Action
                  label={translate('conveyor.documents.section.up', { title: title(document) })}
                  onClick={() => void move(index, index - 1)}
                  disabled={busy || index === 0}
                >
                  <UpIcon fontSize="small" />
                </Action>
                <Action
                  label={translate('conveyor.documents.section.down', { title: title(document) })}
                  onClick={() => void move(index, index + 1)}
                  disabled={busy || index === ordered.length - 1}
                >
                  <DownIcon fontSize="small" />
                </Action>
                <Action
                  label={translate('conveyor.documents.section.edit', { title: title(document) })}
                  onClick={() => setDialog({ id: document.id })}
                  disabled={busy}
                >
                  <EditIcon fontSize="small" />
                </Action>
                <Action
                  label={translate('conveyor.documents.section.remove', {
                    title: title(document),
                  })}
                  onClick={() => setRemoving(document)}
                  disabled={busy}
                >
                  <DeleteIcon fontSize="small" />
                </Action>
              </Box>
            )}
          </ListItem>
        ))}
      </List>
      {writable && (
        <Button
          label="conveyor.documents.section.add"
          onClick={() => setDialog({})}
          disabled={busy}
          sx={{ mt: 1 }}
        >
          <AddIcon />
        </Button>
      )}
      {dialog && (
        <DocumentDialog
          owner={{ [owner]: id }}
          id={dialog.id}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setError(null);
            void refetch();
          }}
        />
      )}
      <Confirm
        isOpen={removing !== null}
        title="conveyor.documents.section.remove_title"
        content="conveyor.documents.section.remove_content"
        translateOptions={{ title: removing ? title(removing) : '' }}
        onConfirm={() => removing && remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
