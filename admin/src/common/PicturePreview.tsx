import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton } from '@mui/material';

/**
 * A picture's 96 px preview. It is not draggable by the browser itself: a picture's own drag
 * (to the desktop, to another tab) would compete with putting the gallery in order.
 */
export function PicturePreview({ src, alt = '' }: { src: string | undefined; alt?: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      draggable={false}
      sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  );
}

/** The button in a preview's corner that takes the picture out, named for the picture. */
export function RemovePictureButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean | undefined;
  onClick: () => void;
}) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      sx={{
        position: 'absolute',
        top: 2,
        right: 2,
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'background.paper' },
      }}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
