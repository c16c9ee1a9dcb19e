import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import CheckIcon from '@mui/icons-material/Check';
import PersonIcon from '@mui/icons-material/Person';
import TranslateIcon from '@mui/icons-material/Translate';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import {
  useBasename,
  useGetIdentity,
  useLocaleState,
  useLocales,
  useTheme,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * On a phone the app bar has no room for the language menu and the theme button: the user menu
 * holds them, beside sign-out. One item per language, the current one checked.
 */
export function LanguageMenuItems() {
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const menu = useUserMenu();
  return languages.map((language) => (
    <MenuItem
      key={language.locale}
      selected={language.locale === locale}
      aria-label={`${translate('conveyor.languages.label')}: ${language.name}`}
      onClick={() => {
        setLocale(language.locale);
        menu?.onClose();
      }}
    >
      <ListItemIcon>
        {language.locale === locale ? (
          <CheckIcon fontSize="small" />
        ) : (
          <TranslateIcon fontSize="small" />
        )}
      </ListItemIcon>
      <ListItemText>{language.name}</ListItemText>
    </MenuItem>
  ));
}

/** Light or dark, as the app bar's theme button does on wider screens. */
export function ThemeMenuItem() {
  const translate = useTranslate();
  const [theme, setTheme] = useTheme('light');
  const menu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        setTheme(theme === 'dark' ? 'light' : 'dark');
        menu?.onClose();
      }}
    >
      <ListItemIcon>
        {theme === 'dark' ? (
          <Brightness7Icon fontSize="small" />
        ) : (
          <Brightness4Icon fontSize="small" />
        )}
      </ListItemIcon>
      <ListItemText>{translate('ra.action.toggle_theme')}</ListItemText>
    </MenuItem>
  );
}

/**
 * One's own profile (name, e-mail, photo, password), for every role: an editor or a salesman
 * has no user list to find it in.
 */
export function ProfileMenuItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  const basename = useBasename();
  const { identity } = useGetIdentity();
  if (!identity) return null;
  return (
    <MenuItem
      component={Link}
      to={`${basename}/users/${identity.id}`}
      onClick={() => menu?.onClose()}
    >
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('conveyor.users.my_profile')}</ListItemText>
    </MenuItem>
  );
}
