import type { CreateGemInput } from '@/lib/api/contract';
import type { BookDetails, MovieDetails } from '@/lib/api/media-lookup-contract';

/**
 * A looked-up book or film as a gem: the closest existing types (a book a Link to its Open Library page, a film a Video
 * whose address is its IMDb page), the cover or poster as its image, authors or cast as its byline, the year as its
 * date, and the details as its text, so the library's search and chats find them.
 */

const MAX_DESCRIPTION = 10_000;
const MAX_BYLINE = 500;

const dateOf = (year: number | null) =>
  year && year >= 100 ? `${String(year).padStart(4, '0')}-01-01T00:00:00Z` : null;
const lines = (pairs: [string, string | null | undefined][]) =>
  pairs.flatMap(([label, value]) => (value ? [`${label}: ${value}`] : [])).join('\n');

/** What a book's and a film's gem are made of. */
interface Looked {
  title: string;
  url: string;
  type: CreateGemInput['media_type'];
  description: string | null;
  image: string | null;
  /** Authors or cast: the byline. */
  people: string[];
  year: number | null;
  facts: string;
  siteName: string;
}

function lookedUpGem(item: Looked): CreateGemInput {
  return {
    title: item.title,
    url: item.url,
    media_type: item.type,
    description: (item.description ?? '').slice(0, MAX_DESCRIPTION),
    image: item.image ?? undefined,
    byline: item.people.join(', ').slice(0, MAX_BYLINE) || null,
    publishedAt: dateOf(item.year),
    text: [item.facts, item.description].filter(Boolean).join('\n\n'),
    media: { siteName: item.siteName },
  };
}

export function bookGem(book: BookDetails): CreateGemInput {
  const facts = lines([
    ['By', book.authors.join(', ')],
    ['First published', book.year ? String(book.year) : null],
    ['Subjects', book.subjects.join(', ')],
  ]);
  return lookedUpGem({
    ...book,
    type: 'Link',
    image: book.coverUrl,
    people: book.authors,
    facts,
    siteName: 'Open Library',
  });
}

export function filmGem(film: MovieDetails): CreateGemInput {
  const facts = lines([
    ['Directed by', film.directors.join(', ')],
    ['With', film.cast.join(', ')],
    ['Year', film.year ? String(film.year) : null],
    ['Genre', film.genres.join(', ')],
    ['Runtime', film.runtime],
  ]);
  return lookedUpGem({ ...film, type: 'Video', image: film.posterUrl, people: film.cast, facts, siteName: 'IMDb' });
}
