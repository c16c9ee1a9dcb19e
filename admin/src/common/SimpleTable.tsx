import {
  Box,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  type TableCellProps,
  TableHead,
  TableRow,
  type Theme,
} from '@mui/material';
import type { Key, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A column: its header, what each row shows in it, and how its cells sit. */
export interface SimpleColumn<Row> {
  /** The header, a translation key; none over a column of buttons. */
  label?: string;
  render: (row: Row) => ReactNode;
  align?: TableCellProps['align'];
  /** Styles of the column's cells: a width limit, how long words break. */
  cellSx?: SxProps<Theme>;
}

/**
 * A small table of rows a screen already holds (archives, builds, deliveries, a diff), columns
 * declared as data. Wider than its place (a phone), it scrolls sideways inside it, never the page.
 *
 * React-admin's DataTable fits records of a resource: it wants a resource context and an `id`
 * per row, keeps column choices in the store, highlights rows on hover and gives no row its own
 * props; these rows are none of that, hence this one.
 */
export function SimpleTable<Row>({
  rows,
  columns,
  rowKey,
  rowTestId,
  empty,
  testId,
}: {
  rows: readonly Row[];
  columns: readonly SimpleColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** A row's `data-testid`, for the browser tests that pick one. */
  rowTestId?: (row: Row) => string;
  /** Shown instead of the table when there are no rows; without it, the headers stay. */
  empty?: ReactNode;
  /** The table's `data-testid`. */
  testId?: string;
}) {
  const translate = useTranslate();
  if (rows.length === 0 && empty !== undefined) return empty;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell key={index} align={column.align}>
                {column.label && translate(column.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((column, index) => (
                <TableCell key={index} align={column.align} sx={column.cellSx}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
