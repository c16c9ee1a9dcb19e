import { LANGUAGES, type Language, PREVIEW_LINK_HOURS, type Preview } from '@conveyor/shared';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Button, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { previewUrl } from '../config.ts';
import { useFormat } from '../publishing/format.ts';
import { buildPreview } from './api.ts';

/** The site's language for the back office's: the same, or the site's default (Russian). */
export const previewLanguage = (locale: string): Language =>
  (LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : 'ru';

/** Widths the preview is looked at: a phone's and a desktop's, in CSS pixels. */
const WIDTHS = { phone: 390, desktop: 1280 } as const;

/**
 * The preview of a record with its draft: the site's real page, built for it, in a
 * frame at phone or desktop width, in each language; and its link to share, which lasts as
 * long as chosen.
 */
export function PreviewDialog({
  resource,
  id,
  preview: first,
  onClose,
}: {
  resource: string;
  id: number;
  preview: Preview;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const onError = useErrorToast('conveyor.drafts.preview_failed');
  const [preview, setPreview] = useState(first);
  // first in the screen's language, the one its user reads; the other two are one click away
  const [locale] = useLocaleState();
  const [lang, setLang] = useState<Language>(() => previewLanguage(locale));
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const [hours, setHours] = useState<number>(PREVIEW_LINK_HOURS[0]);
  const [busy, setBusy] = useState(false);
  const address = previewUrl(preview.pages[lang]);

  const relink = async (next: number) => {
    setHours(next);
    setBusy(true);
    try {
      setPreview(await buildPreview(resource, id, next));
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(new URL(address, window.location.href).href);
    notify('conveyor.drafts.link_copied', { type: 'info' });
  };

  return (
    <Dialog open onClose={onClose} fullScreen aria-labelledby="preview-title">
      <DialogTitle id="preview-title">{translate('conveyor.drafts.preview_title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={lang}
            onChange={(_event, value: Language | null) => value && setLang(value)}
            aria-label={translate('conveyor.drafts.language')}
          >
            {LANGUAGES.map((code) => (
              <ToggleButton key={code} value={code} data-testid={`preview-lang-${code}`}>
                {code.toUpperCase()}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={width}
            onChange={(_event, value: keyof typeof WIDTHS | null) => value && setWidth(value)}
            aria-label={translate('conveyor.drafts.width')}
          >
            <ToggleButton value="phone" data-testid="preview-phone">
              {translate('conveyor.drafts.phone')}
            </ToggleButton>
            <ToggleButton value="desktop" data-testid="preview-desktop">
              {translate('conveyor.drafts.desktop')}
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={translate('conveyor.drafts.link_lasts')}
            value={hours}
            disabled={busy}
            onChange={(event) => void relink(Number(event.target.value))}
            sx={{ minWidth: 160 }}
          >
            {PREVIEW_LINK_HOURS.map((option) => (
              <MenuItem key={option} value={option}>
                {translate(`conveyor.drafts.hours_${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button label="conveyor.drafts.copy_link" onClick={() => void copy()} />
          <Typography variant="caption" color="text.secondary" data-testid="preview-expires">
            {translate('conveyor.drafts.expires', { time: format.date(preview.expires_at) })}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center', overflow: 'auto' }}>
          <Box
            component="iframe"
            key={address}
            src={address}
            title={translate('conveyor.drafts.preview_title')}
            data-testid="preview-frame"
            sx={{
              width: WIDTHS[width],
              maxWidth: '100%',
              height: '75vh',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
            }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button label="conveyor.drafts.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
