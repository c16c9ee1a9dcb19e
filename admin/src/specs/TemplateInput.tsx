import AddIcon from '@mui/icons-material/Add';
import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Close';
import DragIcon from '@mui/icons-material/DragIndicator';
import { Box, IconButton, Typography } from '@mui/material';
import { useFieldArray } from 'react-hook-form';
import {
  AutocompleteInput,
  BooleanInput,
  Button,
  ReferenceInput,
  required,
  useTranslate,
} from 'react-admin';
import { useReadOnly } from '../common/readOnly.ts';
import { useRecordName } from '../common/recordRepresentation.ts';
import { SortableRows, useSortableRow } from '../common/SortableRows.tsx';

const searchQuery = (q: string) => ({ q });
const byCode = { field: 'code', order: 'ASC' } as const;

/**
 * A category's template: the attributes its products carry, in the order the product page
 * shows them, each marked required or not. Lines are reordered by dragging their handle, or with
 * their up and down buttons (from the keyboard). The shared sortable rows (SortableRows, dnd-kit)
 * over react-hook-form's field array: react-admin's SimpleFormIterator moves lines with buttons
 * only.
 */
export function TemplateInput() {
  const translate = useTranslate();
  const { fields, append, remove, move } = useFieldArray({ name: 'attributes' });
  // a read-only screen shows the template, with nothing to add, move or remove
  const readOnly = useReadOnly();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }} data-template>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate('resources.categories.fields.attributes')}
      </Typography>
      <SortableRows ids={fields.map((field) => field.id)} direction="vertical" onMove={move}>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {fields.map((field, index) => (
            <TemplateLine
              key={field.id}
              id={field.id}
              index={index}
              last={index === fields.length - 1}
              onMove={(to) => move(index, to)}
              onRemove={() => remove(index)}
            />
          ))}
        </Box>
      </SortableRows>
      {!readOnly && (
        <Button
          label="resources.categories.template.add"
          onClick={() => append({ attribute_id: null, required: false })}
        >
          <AddIcon />
        </Button>
      )}
    </Box>
  );
}

function TemplateLine({
  id,
  index,
  last,
  onMove,
  onRemove,
}: {
  id: string;
  index: number;
  last: boolean;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const translate = useTranslate();
  const name = useRecordName('attributes');
  const readOnly = useReadOnly();
  const { rowRef, rowSx, handleRef, handleProps, handleSx } = useSortableRow(id);
  return (
    <Box
      component="li"
      ref={rowRef}
      data-template-line={index}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        ...rowSx,
        bgcolor: 'background.paper',
      }}
    >
      {!readOnly && (
        <IconButton
          ref={handleRef}
          {...handleProps}
          aria-label={translate('resources.categories.template.move')}
          sx={handleSx}
        >
          <DragIcon />
        </IconButton>
      )}
      <ReferenceInput
        source={`attributes.${index}.attribute_id`}
        reference="attributes"
        sort={byCode}
      >
        <AutocompleteInput
          label="resources.categories.template.attribute"
          optionText={(record) => `${name(record)} (${String(record.code)})`}
          filterToQuery={searchQuery}
          validate={required()}
          helperText={false}
          sx={{ minWidth: 300 }}
          disabled={readOnly}
        />
      </ReferenceInput>
      <BooleanInput
        source={`attributes.${index}.required`}
        label="resources.categories.template.required"
        helperText={false}
        disabled={readOnly}
      />
      {!readOnly && (
        <>
          <IconButton
            aria-label={translate('resources.categories.template.up')}
            onClick={() => onMove(index - 1)}
            disabled={index === 0}
          >
            <UpIcon />
          </IconButton>
          <IconButton
            aria-label={translate('resources.categories.template.down')}
            onClick={() => onMove(index + 1)}
            disabled={last}
          >
            <DownIcon />
          </IconButton>
          <IconButton
            aria-label={translate('resources.categories.template.remove')}
            onClick={onRemove}
          >
            <DeleteIcon />
          </IconButton>
        </>
      )}
    </Box>
  );
}
