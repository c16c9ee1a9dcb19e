import DownloadIcon from '@mui/icons-material/GetApp';
import UploadIcon from '@mui/icons-material/Publish';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ChangeEvent, useRef, useState } from 'react';
import {
  Button,
  HttpError,
  useListContext,
  useLogoutIfAccessDenied,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { LabelledButton } from '../common/LabelledButton.tsx';
import { listQuery } from '../providers/dataProvider.ts';
import { api, fetchFile, saveFile } from '../providers/http.ts';

interface ImportResult {
  dry_run: boolean;
  rows: number;
  created: number;
  changed: number;
  unchanged: number;
  problems: { row: number; column: string; message: string }[];
}

/**
 * Specifications in bulk (docs/specifications.md): download the products the list shows as a
 * sheet, one column per attribute, and take it back.
 * A chosen file is checked first (a dry run): the dialog shows what it would change, or every
 * problem with its row and column; Import writes it.
 */
export function SheetButtons() {
  const { filter, filterValues, sort } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = async (error: unknown) => {
    if (await logoutIfAccessDenied(error)) return;
    notify((error as Error).message, { type: 'error' });
  };
  const download = async () => {
    setBusy(true);
    try {
      // the products the list shows (its search, category, completeness), every page of them
      const query = listQuery({ sort, filter: { ...filterValues, ...filter } });
      query.set('format', 'xlsx');
      saveFile(await fetchFile('/products/export', query));
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };
  const send = (chosen: File, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', chosen, chosen.name);
    return api<{ data: ImportResult }>('/products/import', {
      method: 'POST',
      form,
      query: new URLSearchParams({ dry_run: String(dryRun) }),
    });
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setBusy(true);
    try {
      setCheck((await send(chosen, true)).data);
      setFile(chosen);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setFile(null);
    setCheck(null);
  };
  const write = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const { data } = await send(file, false);
      notify('resources.products.sheet.done', {
        type: 'success',
        messageArgs: { created: data.created, changed: data.changed },
      });
      close();
      refresh();
    } catch (error) {
      // problems found since the check (someone changed a product meanwhile): shown again
      const problems = (error instanceof HttpError ? error.body : null) as {
        problems?: ImportResult['problems'];
      } | null;
      if (problems?.problems && check) setCheck({ ...check, problems: problems.problems });
      else await failed(error);
    } finally {
      setBusy(false);
    }
  };

  const problems = check?.problems ?? [];
  // why Import cannot be pressed, said beside it (a disabled button alone says nothing)
  const why = !check
    ? null
    : problems.length > 0
      ? 'resources.products.sheet.why_problems'
      : !(check.created || check.changed)
        ? 'resources.products.sheet.why_nothing'
        : null;
  return (
    <>
      <LabelledButton
        label="resources.products.sheet.export"
        icon={<DownloadIcon />}
        onClick={() => void download()}
        disabled={busy}
      />
      <LabelledButton
        label="resources.products.sheet.import"
        icon={<UploadIcon />}
        onClick={() => input.current?.click()}
        disabled={busy}
      />
      <input
        ref={input}
        type="file"
        hidden
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        onChange={(event) => void choose(event)}
        data-testid="sheet-file"
      />
      <Dialog open={check !== null} onClose={close} maxWidth="md" fullWidth>
        <DialogTitle>
          {translate('resources.products.sheet.title', { name: file?.name ?? '' })}
        </DialogTitle>
        <DialogContent>
          {problems.length ? (
            <>
              <Alert severity="error" sx={{ mb: 2 }}>
                {translate('resources.products.sheet.problems', { count: problems.length })}
              </Alert>
              <Table size="small" data-problems>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('resources.products.sheet.row')}</TableCell>
                    <TableCell>{translate('resources.products.sheet.column')}</TableCell>
                    <TableCell>{translate('resources.products.sheet.message')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {problems.map((problem, index) => (
                    <TableRow key={index}>
                      <TableCell>{problem.row}</TableCell>
                      <TableCell>{problem.column}</TableCell>
                      <TableCell>{problem.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          ) : (
            <Alert severity="info" data-summary>
              {translate('resources.products.sheet.summary', {
                rows: check?.rows ?? 0,
                created: check?.created ?? 0,
                changed: check?.changed ?? 0,
                unchanged: check?.unchanged ?? 0,
              })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {why && (
            <Typography
              id="sheet-why"
              variant="body2"
              color="text.secondary"
              sx={{ flex: '1 1 240px' }}
            >
              {translate(why)}
            </Typography>
          )}
          <Button label="ra.action.cancel" onClick={close} />
          <Button
            label="resources.products.sheet.write"
            variant="contained"
            onClick={() => void write()}
            disabled={busy || why !== null}
            {...(why ? { 'aria-describedby': 'sheet-why' } : {})}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
