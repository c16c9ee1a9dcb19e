import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import { exportAllRecords } from './exporter.ts';

/**
 * CSV export of the whole list (its search and sort applied), fetched page by page: react-admin's
 * ExportButton asks for one page of 1000 rows, and the API answers at most 100. Cells that a
 * spreadsheet would run as formulas (public visitors write these records) are neutralised.
 */
export function ExportAllButton() {
  const { filter, filterValues, resource, sort, exporter, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportAll = async () => {
    setBusy(true);
    try {
      // every string cell neutralised against CSV formula injection, whichever the exporter
      await exportAllRecords(
        dataProvider,
        resource,
        { sort, filter: filter ? { ...filterValues, ...filter } : filterValues },
        exporter,
      );
    } catch (error) {
      console.error(error);
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={exportAll} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
