import { describe, expect, test } from 'vitest';
import { matchesLanguage, orderLanguages } from '../../components/chat/language/language-order';
import { ANSWER_LANGUAGES, type AnswerLanguage } from '../../components/chat/language/languages';

const codes = (list: AnswerLanguage[]) => list.map((l) => l.code);

describe('ANSWER_LANGUAGES', () => {
  test('codes are unique well-formed BCP 47 tags', () => {
    const all = codes([...ANSWER_LANGUAGES]);
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(Intl.getCanonicalLocales(code)).toEqual([code]);
    expect(all.length).toBeGreaterThanOrEqual(40);
  });

  test('every language has a name, a native name and one country flag (two regional indicator letters)', () => {
    for (const language of ANSWER_LANGUAGES) {
      expect(language.name.trim()).not.toBe('');
      expect(language.nativeName.trim()).not.toBe('');
      expect(language.flag).toMatch(/^[\u{1F1E6}-\u{1F1FF}]{2}$/u);
    }
  });

  test('includes the languages the models list (English, French, German) and fits ai_settings.defaultLanguage (≤ 20 chars)', () => {
    for (const code of ['en', 'fr', 'de']) expect(codes([...ANSWER_LANGUAGES])).toContain(code);
    for (const language of ANSWER_LANGUAGES) expect(language.code.length).toBeLessThanOrEqual(20);
  });
});

describe('matchesLanguage', () => {
  const spanish = { code: 'es', name: 'Spanish', nativeName: 'Español', flag: '🇪🇸' };
  const czech = { code: 'cs', name: 'Czech', nativeName: 'Čeština', flag: '🇨🇿' };

  test('matches a case-insensitive substring of the English or native name', () => {
    expect(matchesLanguage(spanish, 'SPAN')).toBe(true);
    expect(matchesLanguage(spanish, 'pañ')).toBe(true);
    expect(matchesLanguage(spanish, 'ish')).toBe(true);
    expect(matchesLanguage(spanish, 'french')).toBe(false);
  });

  test('ignores accents on either side and spaces around the text', () => {
    expect(matchesLanguage(spanish, '  espanol ')).toBe(true);
    expect(matchesLanguage(czech, 'CESTINA')).toBe(true);
    expect(matchesLanguage(czech, 'čech')).toBe(false);
    expect(matchesLanguage(czech, 'Češ')).toBe(true);
  });

  test('matches a code only whole, so two letters do not match every name containing them', () => {
    expect(matchesLanguage(czech, 'cs')).toBe(true);
    expect(matchesLanguage(czech, 'CS')).toBe(true);
    expect(matchesLanguage(spanish, 'e')).toBe(true);
    expect(matchesLanguage(spanish, 'es-')).toBe(false);
  });

  test('empty or blank text matches everything', () => {
    expect(matchesLanguage(spanish, '')).toBe(true);
    expect(matchesLanguage(spanish, '   ')).toBe(true);
  });
});

describe('orderLanguages', () => {
  const list: AnswerLanguage[] = [
    { code: 'fr', name: 'French', nativeName: 'Français', flag: '🇫🇷' },
    { code: 'de', name: 'German', nativeName: 'Deutsch', flag: '🇩🇪' },
    { code: 'en', name: 'English', nativeName: 'English', flag: '🇬🇧' },
    { code: 'pt-BR', name: 'Portuguese (Brazil)', nativeName: 'Português (Brasil)', flag: '🇧🇷' },
    { code: 'da', name: 'Danish', nativeName: 'Dansk', flag: '🇩🇰' },
  ];

  test('puts the current language first and the rest by English name', () => {
    expect(codes(orderLanguages(list, '', 'fr'))).toEqual(['fr', 'da', 'en', 'de', 'pt-BR']);
    expect(codes(orderLanguages(list, '', 'pt-br'))).toEqual(['pt-BR', 'da', 'en', 'fr', 'de']);
  });

  test('with no current language, or one not in the list, it is plain alphabetical', () => {
    expect(codes(orderLanguages(list, '', null))).toEqual(['da', 'en', 'fr', 'de', 'pt-BR']);
    expect(codes(orderLanguages(list, '', 'xx'))).toEqual(['da', 'en', 'fr', 'de', 'pt-BR']);
  });

  test('filters by the search, keeping the current one first when it matches', () => {
    expect(codes(orderLanguages(list, 'an', 'fr'))).toEqual(['fr', 'da', 'de']);
    expect(codes(orderLanguages(list, 'an', 'en'))).toEqual(['da', 'fr', 'de']);
    expect(codes(orderLanguages(list, 'zzz', 'en'))).toEqual([]);
  });

  test('leaves the given list as it was', () => {
    const before = codes(list);
    orderLanguages(list, '', 'pt-BR');
    expect(codes(list)).toEqual(before);
  });

  test('the real list puts English first when it is current', () => {
    expect(orderLanguages(ANSWER_LANGUAGES, '', 'en')[0]?.name).toBe('English');
    expect(orderLanguages(ANSWER_LANGUAGES, '', 'en')[1]?.name).toBe('Afrikaans');
  });
});
