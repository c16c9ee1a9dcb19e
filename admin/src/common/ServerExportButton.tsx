import { EXPORT_FORMATS, type ExportFormat, isLanguage } from '@conveyor/shared';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Menu, MenuItem } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import {
  useListContext,
  useLocaleState,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
} from 'react-admin';
import { listQuery } from '../providers/dataProvider.ts';
import { fetchFile, saveFile } from '../providers/http.ts';
import { LabelledButton } from './LabelledButton.tsx';

/**
 * The list's export, written by the server (`GET /api/{resource}/export`): every record of
 * the list's search, filters and sort, as CSV or Excel, headed in the staff's language. In
 * place of react-admin's ExportButton, which would fetch one page of 1000 rows in the browser.
 */
export function ServerExportButton() {
  const { filter, filterValues, resource, sort, total } = useListContext();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const query = listQuery({ sort, filter: { ...filterValues, ...filter } });
      query.set('format', format);
      if (isLanguage(locale)) query.set('lang', locale);
      saveFile(await fetchFile(`/${resource}/export`, query));
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        notify('conveyor.export.failed', {
          type: 'error',
          messageArgs: { reason: (error as Error | undefined)?.message ?? '' },
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <LabelledButton
        label="ra.action.export"
        icon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        disabled={busy || total === 0}
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            {translate(`conveyor.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
