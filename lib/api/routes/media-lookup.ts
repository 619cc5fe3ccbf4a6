import { z } from 'zod';
import { dataOf } from '../core-contract';
import {
  bookDetailsSchema,
  bookIdQuery,
  bookSummarySchema,
  imdbIdQuery,
  mediaNameQuery,
  mediaSourcesSchema,
  movieDetailsSchema,
  movieSummarySchema,
} from '../media-lookup-contract';
import { defineRoute } from '../route';

const TAG = 'Books and films';
const OFF_BOOKS = 'A 404 says so when the operator turned book lookup off (TROVE_OPEN_LIBRARY=0). ';
const OFF_FILMS = 'A 404 says so when the operator set no OMDb key (TROVE_OMDB_API_KEY). ';
const UPSTREAM = (service: string) =>
  `${service} failing or sending back something unusable is a 502 naming it, no answer in time a 504.`;

/** Looking books and films up by title, to save one as a gem (lib/api/media-lookup-contract.ts). */
export const mediaLookupApi = {
  sources: defineRoute({
    method: 'get',
    path: '/api/media-sources',
    tag: TAG,
    summary: 'Whether books and films can be looked up on this server',
    auth: 'user',
    responses: { 200: { description: 'What can be looked up', schema: dataOf(mediaSourcesSchema) } },
    errors: [],
  }),
  bookList: defineRoute({
    method: 'get',
    path: '/api/book-list',
    tag: TAG,
    summary: 'Books whose title matches, from Open Library',
    description: `Up to 10 works, best match first. ${OFF_BOOKS}${UPSTREAM('Open Library')}`,
    auth: 'user',
    query: mediaNameQuery,
    responses: { 200: { description: 'The books found', schema: dataOf(z.array(bookSummarySchema)) } },
    errors: [404, 502, 504],
  }),
  bookDetails: defineRoute({
    method: 'get',
    path: '/api/book-details',
    tag: TAG,
    summary: "One book's details, from Open Library",
    description: `A work Open Library does not have is a 404. ${OFF_BOOKS}${UPSTREAM('Open Library')}`,
    auth: 'user',
    query: bookIdQuery,
    responses: { 200: { description: 'The book', schema: dataOf(bookDetailsSchema) } },
    errors: [404, 502, 504],
  }),
  movieList: defineRoute({
    method: 'get',
    path: '/api/movies-list',
    tag: TAG,
    summary: 'Films and series whose title matches, from OMDb',
    description: `Up to 10, OMDb's first page. ${OFF_FILMS}${UPSTREAM('OMDb')}`,
    auth: 'user',
    query: mediaNameQuery,
    responses: { 200: { description: 'The films found', schema: dataOf(z.array(movieSummarySchema)) } },
    errors: [404, 502, 504],
  }),
  movieDetails: defineRoute({
    method: 'get',
    path: '/api/movie-details',
    tag: TAG,
    summary: "One film's details, from OMDb",
    description: `A title OMDb does not have is a 404. ${OFF_FILMS}${UPSTREAM('OMDb')}`,
    auth: 'user',
    query: imdbIdQuery,
    responses: { 200: { description: 'The film', schema: dataOf(movieDetailsSchema) } },
    errors: [404, 502, 504],
  }),
};
