/**
 * Tags and a collection suggested for a page (`POST /api/suggestions/tags`): the user's own nearest ones by words
 * (nearest.ts) are the model's shortlist; it picks from them and invents a name only when none fits. What it answers
 * is matched against all the user's tags and collections by name (any case), so an existing one is never offered as
 * new.
 */
import type { z } from 'zod';
import {
  MAX_SUGGESTED_TAGS,
  SUGGESTION_TEXT_CHARS,
  type suggestTagsBody,
  type TagSuggestions,
} from '../../../lib/api/suggestions-contract';
import type { Db } from '../../db/client';
import type { Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { askModel, fitted } from '../prompts/ask-model';
import { type Candidate, collectionCandidates, nearest, tagCandidates, wordsOf } from './nearest';
import { NO_DEFAULT_MODEL, suggestionModelId } from './settings';

const SHORTLIST_TAGS = 15;
const SHORTLIST_COLLECTIONS = 8;

export const SUGGEST_INSTRUCTION = `You file web pages in a user's library. Choose up to ${MAX_SUGGESTED_TAGS} tags and one collection for the page. Prefer the user's existing tags and collections, written exactly as listed; propose a new short tag or collection name only when none of the listed ones fits. Reply with only JSON: {"tags": ["..."], "collection": "..." or null}.`;

type Input = z.output<typeof suggestTagsBody>;

/**
 * The model to ask: the one named, else the one chosen for suggestions, else the user's default text model; none is a
 * 400 naming `modelId`.
 */
export async function modelIdFor(db: Db, ai: Deps['ai'], userId: number, given: number | undefined): Promise<number> {
  const id = given ?? (await suggestionModelId(db, ai, userId));
  if (id === undefined) throw fieldError(400, 'modelId', NO_DEFAULT_MODEL);
  return id;
}

const list = (items: Candidate[]) => (items.length ? items.map((c) => `- ${c.name}`).join('\n') : '(none)');

function pagePrompt(input: Input, tags: Candidate[], collections: Candidate[], contentLength: number) {
  const page = [
    `Title: ${input.title}`,
    input.url && `Address: ${input.url}`,
    input.description && `Description: ${input.description}`,
  ]
    .filter(Boolean)
    .join('\n');
  const text = input.text.slice(0, SUGGESTION_TEXT_CHARS);
  return fitted(
    `${page}\n\nThe user's tags nearest this page:\n${list(tags)}\n\nThe user's collections nearest this page:\n${list(collections)}${text ? `\n\nThe page's text:\n${text}` : ''}`,
    contentLength,
  );
}

/** The model's JSON, wherever it put it (a code fence, words around it); null when there is none. */
export function parseSuggestion(reply: string): { tags: string[]; collection: string | null } | null {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(reply.slice(start, end + 1));
    if (!parsed || typeof parsed !== 'object') return null;
    const { tags, collection } = parsed as { tags?: unknown; collection?: unknown };
    const names = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
    return { tags: names, collection: typeof collection === 'string' ? collection : null };
  } catch {
    return null;
  }
}

/** A name as the model wrote it, tidied: trimmed, a leading '#' off, at most 100 characters. */
const tidy = (name: string) => name.trim().replace(/^#+/, '').trim().slice(0, 100);

/** `signal`: the request's, so a popup closed or saved before the answer stops the model's call too. */
export async function suggestTags(
  db: Db,
  ai: Deps['ai'],
  userId: number,
  input: Input,
  signal?: AbortSignal,
): Promise<TagSuggestions> {
  const modelId = await modelIdFor(db, ai, userId, input.modelId);
  const [allTags, allCollections] = await Promise.all([tagCandidates(db, userId), collectionCandidates(db, userId)]);
  const page = new Set(
    wordsOf(`${input.title} ${input.description} ${input.url} ${input.text.slice(0, SUGGESTION_TEXT_CHARS)}`),
  );
  const tags = nearest(page, allTags, SHORTLIST_TAGS);
  const collections = nearest(page, allCollections, SHORTLIST_COLLECTIONS);
  const reply = await askModel(
    db,
    ai,
    userId,
    modelId,
    SUGGEST_INSTRUCTION,
    (contentLength) => pagePrompt(input, tags, collections, contentLength),
    { abortSignal: signal },
  );
  const parsed = parseSuggestion(reply);
  if (!parsed) throw new ApiError(502, 'The model did not answer with suggestions; try again');

  const tagByName = new Map(allTags.map((t) => [t.name.toLowerCase(), t]));
  const seen = new Set<string>();
  const suggested: TagSuggestions['tags'] = [];
  for (const raw of parsed.tags) {
    const name = tidy(raw);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    const existing = tagByName.get(key);
    suggested.push(
      existing ? { name: existing.name, id: existing.id, existing: true } : { name, id: null, existing: false },
    );
    if (suggested.length === MAX_SUGGESTED_TAGS) break;
  }
  const collectionName = parsed.collection ? tidy(parsed.collection) : '';
  const found = allCollections.find((c) => c.name.toLowerCase() === collectionName.toLowerCase());
  const collection = !collectionName
    ? null
    : found
      ? { name: found.name, id: found.id, existing: true }
      : { name: collectionName, id: null, existing: false };
  return {
    tags: suggested,
    collection,
    shortlist: { tags: tags.map((t) => t.name), collections: collections.map((c) => c.name) },
  };
}
