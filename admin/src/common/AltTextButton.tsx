import { LANGUAGES } from '@conveyor/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
} from '@mui/material';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ImageValue } from '../providers/dataProvider.ts';

type AltTexts = Pick<ImageValue, 'alt_uz' | 'alt_ru' | 'alt_en'>;

/**
 * A gallery picture's alternative texts, one per language, in a dialog: what a screen reader
 * says of the picture and what a search engine reads. Left empty, the site says the product's
 * name and the picture's place.
 */
export function AltTextButton({
  value,
  place,
  disabled,
  onSave,
}: {
  value: ImageValue;
  place: number;
  disabled?: boolean | undefined;
  onSave: (texts: AltTexts) => void;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [texts, setTexts] = useState<AltTexts>({});
  const described = LANGUAGES.filter((lang) => value[`alt_${lang}`]?.trim()).length;
  const label = translate('conveyor.images.alt', {
    place,
    count: described,
    total: LANGUAGES.length,
  });
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        title={label}
        disabled={disabled}
        // a press here is not the start of a drag
        onPointerDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        onClick={() => {
          setTexts({ alt_uz: value.alt_uz, alt_ru: value.alt_ru, alt_en: value.alt_en });
          setOpen(true);
        }}
        sx={{
          position: 'absolute',
          bottom: 2,
          right: 2,
          bgcolor: described ? 'primary.main' : 'background.paper',
          color: described ? 'primary.contrastText' : undefined,
          '&:hover': { bgcolor: described ? 'primary.dark' : 'background.paper' },
        }}
      >
        <TextFieldsIcon fontSize="small" />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('conveyor.images.alt_title', { place })}</DialogTitle>
        <DialogContent>
          {LANGUAGES.map((lang) => (
            <TextField
              key={lang}
              label={`${translate('conveyor.images.alt_field')} (${translate(`conveyor.languages.${lang}`)})`}
              value={texts[`alt_${lang}`] ?? ''}
              onChange={(event) => setTexts({ ...texts, [`alt_${lang}`]: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 300 } }}
              fullWidth
              margin="dense"
            />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              onSave(texts);
              setOpen(false);
            }}
          >
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
