/**
 * The console's i18nProvider: react-admin's own English messages plus the console's texts
 * (./en.ts), one English catalogue. Missing keys fall back to the text given as the key's default
 * (`translate(key, { _: text })`), and a test checks that every key the console uses exists.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en.ts';

export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
