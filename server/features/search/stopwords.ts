/**
 * PostgreSQL's English stop words (tsearch_data/english.stop, the Snowball list the 'english' configuration uses):
 * such a word has no lexeme, so the compiler leaves it out as websearch_to_tsquery does, instead of asking the
 * document for nothing (compile.ts). Known here rather than asked of the database so that the statement's shape,
 * not a parameter's value, says which words ask nothing (a generic plan stays able to use the indexes).
 */
const ENGLISH_STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for ' +
    'with about against between into through during before after above below to from up down in out on off over ' +
    'under again further then once here there when where why how all any both each few more most other some such no ' +
    'nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

export const isStopWord = (word: string) => ENGLISH_STOP_WORDS.has(word.toLowerCase());

/** True when the word has no letter or digit (an emoji, punctuation): the document has no lexeme for it. */
export const isSymbols = (word: string) => !/[\p{L}\p{N}]/u.test(word);
