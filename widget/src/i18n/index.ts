/**
 * The message catalogue: the element's `lang` attribute (default: the nearest `lang` of the host
 * page) picks the language — German for `de…`, English otherwise — and, unless `locale` is set, the
 * locale for money and dates (English keeps en-US, DESIGN §4a; another language its own tag, or the
 * catalogue's locale when the tag is not one Intl knows).
 */
import { de } from './de.ts';
import { en, type Messages } from './en.ts';

export type { Messages };

export const LANGUAGES = { en, de } as const;
export type Language = keyof typeof LANGUAGES;

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

/** The locale for money and dates: the `locale` attribute when valid, else as the language says. */
export function localeFor(localeAttribute: string | undefined, lang: string | null | undefined): string {
  const asked = localeAttribute?.trim();
  if (asked && supported(asked)) return asked;
  const language = languageOf(lang);
  if (language === 'en') return en.locale;
  const tag = (lang ?? '').trim();
  return tag.includes('-') && supported(tag) ? tag : LANGUAGES[language].locale;
}

export function messagesFor(lang: string | null | undefined): Messages {
  return LANGUAGES[languageOf(lang)];
}
