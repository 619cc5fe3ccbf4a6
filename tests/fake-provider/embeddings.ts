/**
 * The fake provider's embeddings: deterministic vectors that stand for a real embedding model's notion of meaning,
 * so a question and a passage sharing no word can still be near. A text is read as a bag of concepts: each word
 * (lower case, a plural's or verb's ending cut) is mapped to its concept by a small synonym table ("automobile",
 * "car" and "vehicle" are one concept), other words are their own concept; each concept adds 1 to one of DIMENSIONS
 * coordinates chosen by hashing it (FNV-1a), with a sign from the hash too, and the vector is scaled to length 1.
 * The cosine of two texts then grows with the concepts they share, whatever words they use.
 */

export const FAKE_EMBEDDING_DIMENSIONS = 256;

const SYNONYMS: string[][] = [
  ['car', 'automobile', 'vehicle', 'sedan', 'auto'],
  ['engine', 'motor'],
  ['repair', 'fix', 'mend', 'maintenance', 'service'],
  ['dog', 'puppy', 'canine', 'hound'],
  ['food', 'feed', 'nutrition', 'meal', 'diet'],
  ['doctor', 'physician', 'medic', 'clinic'],
  ['money', 'invoice', 'bill', 'payment', 'receipt', 'cash'],
  ['sleep', 'rest', 'nap', 'insomnia'],
  ['cook', 'recipe', 'bake', 'kitchen'],
  ['travel', 'trip', 'journey', 'holiday', 'vacation'],
];

const STOP = new Set(
  'a an and are as at be by do does for from how i in is it my of on or our s t the to we what where which who why with you your'.split(
    ' ',
  ),
);

/** A word without a common English ending, so "repairs", "repairing" and "repair" are one. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  for (const ending of ['ing', 's', 'ed'])
    if (word.length > ending.length + 3 && word.endsWith(ending)) return word.slice(0, -ending.length);
  return word;
}

const CONCEPT = new Map<string, string>();
for (const group of SYNONYMS) for (const word of group) CONCEPT.set(stem(word), group[0] as string);

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The concepts of a text, one per word that is not a stop word. */
export function concepts(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !STOP.has(word))
    .map((word) => CONCEPT.get(stem(word)) ?? stem(word));
}

/** The unit vector of a text (all zeros but one coordinate for a text with no word). */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const concept of concepts(text)) {
    const hash = fnv1a(concept);
    vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + ((hash >>> 16) & 1 ? 1 : -1);
  }
  const length = Math.hypot(...vector);
  if (!length) vector[0] = 1;
  return length ? vector.map((x) => x / length) : vector;
}

/** OpenAI's POST /v1/embeddings answer. */
export const openaiEmbeddings = (model: string, inputs: string[]) => ({
  object: 'list',
  data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input) })),
  model,
  usage: { prompt_tokens: inputs.length * 8, total_tokens: inputs.length * 8 },
});

/** Ollama's POST /api/embed answer. */
export const ollamaEmbeddings = (model: string, inputs: string[]) => ({
  model,
  embeddings: inputs.map((input) => fakeEmbedding(input)),
  total_duration: 1_000_000,
  load_duration: 100_000,
  prompt_eval_count: inputs.length * 8,
});
