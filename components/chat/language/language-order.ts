import type { AnswerLanguage } from './languages';

/** Lower case without accents, so "espanol" finds "Español" and "CESTINA" finds "Čeština". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** Whether `language` matches typed `search`: a substring of its English or native name, or its exact code. */
export function matchesLanguage(language: AnswerLanguage, search: string): boolean {
  const needle = fold(search.trim());
  if (!needle) return true;
  return (
    fold(language.name).includes(needle) ||
    fold(language.nativeName).includes(needle) ||
    language.code.toLocaleLowerCase() === needle
  );
}

/**
 * The picker's rows: the languages matching `search`, the current one first, the rest by English name.
 * A current code that is not in `languages` is simply not listed.
 */
export function orderLanguages(
  languages: readonly AnswerLanguage[],
  search: string,
  currentCode: string | null,
): AnswerLanguage[] {
  const current = currentCode?.toLocaleLowerCase();
  const isCurrent = (language: AnswerLanguage) => language.code.toLocaleLowerCase() === current;
  return languages
    .filter((language) => matchesLanguage(language, search))
    .sort((a, b) => Number(isCurrent(b)) - Number(isCurrent(a)) || a.name.localeCompare(b.name, 'en'));
}
