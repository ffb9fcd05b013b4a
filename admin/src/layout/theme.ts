/**
 * The console's look: the product's colours (the site's brand green, site/src/styles/base.css)
 * on react-admin's default themes, light and dark (the dark one follows the system setting until
 * the admin picks one with the app bar's toggle). Links take the theme's colour everywhere,
 * including plain router links, never the browser's default blue.
 */
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const BRAND = {
  main: '#0f5132',
  dark: '#0b3d26',
  light: '#e8f3ed',
  /** The brand green lifted for contrast on dark surfaces (WCAG AA on #121212). */
  onDark: '#6fcf97',
  text: '#1c2430',
  danger: '#b42318',
};

/**
 * Long unbroken values (pasted invoice numbers, emails) wrap inside a phone list's lines instead of
 * widening the screen. (Table columns that hold such values opt in with `breakAnywhere`.)
 */
const wrapping = {
  MuiListItemText: { styleOverrides: { root: { overflowWrap: 'anywhere' as const } } },
};

/** `sx` for a table cell whose text comes from outside (an invoice number typed into a link). */
export const breakAnywhere = { overflowWrap: 'anywhere', minWidth: 96 } as const;

const linkStyles = (color: string) => ({
  MuiCssBaseline: {
    styleOverrides: {
      // Router links and links in text (not buttons rendered as links, which have their own colour).
      'a:not(.MuiButtonBase-root)': { color, textUnderlineOffset: '2px' },
    },
  },
  MuiLink: { defaultProps: { underline: 'hover' as const }, styleOverrides: { root: { color } } },
});

const shared = {
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, {
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: BRAND.main, dark: BRAND.dark, light: '#3d7a5c', contrastText: '#fff' },
    // react-admin paints its app bar with the secondary colour.
    secondary: { main: BRAND.main, dark: BRAND.dark, light: '#3d7a5c', contrastText: '#fff' },
    // Status chips are filled with these and written in contrastText: every pair ≥ 4.5:1 (WCAG AA);
    // MUI's own orange and light blue under white text are 3.2 and 3.9.
    error: { main: BRAND.danger, contrastText: '#fff' },
    warning: { main: '#9a4d00', contrastText: '#fff' },
    info: { main: '#0b5cad', contrastText: '#fff' },
    success: { main: '#1b6e37', contrastText: '#fff' },
    text: { primary: BRAND.text },
    background: { default: '#f5f7f9' },
  },
  components: { ...wrapping, ...linkStyles(BRAND.main) },
});

export const darkTheme: RaThemeOptions = deepmerge(defaultDarkTheme, {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: BRAND.onDark, dark: '#4caf7d', light: '#a5e3bf', contrastText: '#0b1f15' },
    secondary: { main: BRAND.dark, dark: '#072a1a', light: BRAND.main, contrastText: '#fff' },
    // Light fills with dark text on the dark background (MUI's red under white text is 3.7:1).
    error: { main: '#ffaca4', contrastText: '#3b0a06' },
    warning: { main: '#fbbf24', contrastText: '#1f1300' },
    info: { main: '#7cc4fa', contrastText: '#04223a' },
    success: { main: '#86efac', contrastText: '#0b1f15' },
    background: { default: '#121614', paper: '#1a201d' },
  },
  components: {
    ...wrapping,
    ...linkStyles(BRAND.onDark),
    // MUI paints app bars grey in dark mode; keep the brand's dark green there.
    MuiAppBar: { defaultProps: { enableColorOnDark: true } },
  },
});
