import type { MouseEvent } from 'react';

/**
 * A list's table that fits its screen, so that a list with many columns (Leads, Partners) keeps
 * its Export, Edit and Delete on a laptop's screen rather than off to the right. The table
 * takes the width it is given and no more (a fixed layout): the narrow columns have their
 * width, the others share the rest; a long text is cut with an ellipsis, the whole of it on
 * hover (`showCutText`) and in the record; the row's buttons are icons, each named by its label
 * (read out and shown on hover). Header labels wrap rather than widen their column.
 */
export const fittingGrid = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& .RaDatagrid-table': { tableLayout: 'fixed', width: '100%' },
  '& .MuiTableCell-root': { px: 1 },
  '& th': { overflowWrap: 'anywhere', hyphens: 'auto' },
  '& td': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  // an in-place select (a lead's status, its assignee) as wide as its column
  '& td .MuiTextField-root': { width: '100%', minWidth: 0 },
  '& td .MuiSelect-select.MuiInputBase-input': { pl: 1, pr: 3 },
  '& .fit-number': { width: 56 },
  '& .fit-switch': { width: 88 },
  '& .fit-draft': { width: 104 },
  '& .fit-actions': { width: 112, textAlign: 'right' },
  '& .fit-actions .MuiButton-root': { minWidth: 0, fontSize: 0, px: 1 },
  '& .fit-actions .MuiButton-startIcon': { m: 0 },
  '& .column-phone': { width: 132 },
  // a date with its time takes two lines rather than the width of both
  '& .column-created_at, & .column-updated_at': { width: 112, whiteSpace: 'normal' },
} as const;

/** Hovering a cell whose text is cut shows the whole of it (its `title`). */
export function showCutText(event: MouseEvent<HTMLElement>) {
  const cell = (event.target as Element).closest('td');
  if (!cell || cell.hasAttribute('title')) return;
  if (cell.scrollWidth > cell.clientWidth) cell.setAttribute('title', cell.textContent ?? '');
}

/** What a Datagrid reads from a column's element besides its content. */
export interface ColumnProps {
  label?: string;
  sortable?: boolean;
  source?: string;
  headerClassName?: string;
  cellClassName?: string;
}
