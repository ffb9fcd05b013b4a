/**
 * The message catalogue: the element's `lang` attribute (default: the nearest `lang` of the host
 * page) picks the language — German for `de…`, English otherwise — and, unless `locale` is set, the
 * locale for money and dates (English keeps en-US, docs/design.md; another language its own tag, or
 * the catalogue's locale when the tag is not one Intl knows). English is part of the flow; another
 * language is a chunk of its own, fetched when an element asks for it (`loadCatalogue`), so the flow
 * every customer loads carries one catalogue.
 */
import { en, type Messages } from './en.ts';

export type { Messages };

/** Each language's catalogue and its locale for money and dates. */
const LANGUAGES = { en: 'en-US', de: 'de-DE' } as const;
export type Language = keyof typeof LANGUAGES;

const loaded: Partial<Record<Language, Messages>> = { en };
const loading: Partial<Record<Language, Promise<void>>> = {};
const importers: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  de: () => import('./de.ts').then((m) => m.de),
};

/** The catalogue of `language` if it is here already (English always is), else null. */
export function catalogueOf(language: Language): Messages | null {
  return loaded[language] ?? null;
}

/** Fetch `language`'s catalogue (once); one that cannot be fetched falls back to English. */
export function loadCatalogue(language: Language): Promise<void> {
  if (language === 'en' || loaded[language]) return Promise.resolve();
  loading[language] ??= importers[language]().then(
    (messages) => void (loaded[language] = messages),
    () => void (loaded[language] = en),
  );
  return loading[language];
}

/** The catalogue language of a BCP 47 tag (`de-AT` → de; unknown → en). */
export function languageOf(tag: string | null | undefined): Language {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary in LANGUAGES ? (primary as Language) : 'en';
}

function supported(locale: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

/**
 * Whether the page's locale was chosen — a valid `locale` attribute, or a language other than
 * English — rather than English's default: dates then follow the merchant's country instead
 * (DESIGN §4b, i18n-context.ts `useDates`).
 */
export function localeChosen(localeAttribute: string | undefined, lang: string | null | undefined): boolean {
  const asked = localeAttribute?.trim();
  return (!!asked && supported(asked)) || languageOf(lang) !== 'en';
}

/** The locale for money and dates: the `locale` attribute when valid, else as the language says. */
export function localeFor(localeAttribute: string | undefined, lang: string | null | undefined): string {
  const asked = localeAttribute?.trim();
  if (asked && supported(asked)) return asked;
  const language = languageOf(lang);
  if (language === 'en') return en.locale;
  const tag = (lang ?? '').trim();
  return tag.includes('-') && supported(tag) ? tag : LANGUAGES[language];
}
