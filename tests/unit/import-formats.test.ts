import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportFile, UnknownImportFormat } from '../../server/features/imports/formats/detect';
import { importDate } from '../../server/features/imports/formats/draft';

/** The fixtures are written from each format's published description (see the README's import formats). */
const fixture = (name: string) => readImportFile(readFileSync(join(__dirname, '../fixtures/imports', name), 'utf8'));
const urls = (name: string) => fixture(name).items.map((item) => item.url);

describe('reading import files, the format told from the content', () => {
  it('browser bookmarks HTML: folders become a nested path, empty ones kept, TAGS, ADD_DATE (any unit) and DD kept', () => {
    const read = fixture('bookmarks-chrome.html');
    expect(read.format).toBe('netscape-html');
    expect(read.collections).toEqual([
      ['Bookmarks bar'],
      ['Other bookmarks'],
      ['Bookmarks bar', 'Cooking'],
      ['Bookmarks bar', 'Cooking', 'Desserts'],
      ['Bookmarks bar', 'Cooking', 'Empty for now'],
    ]);
    expect(read.items).toMatchObject([
      { url: 'https://recipes.test/lemon-tart', title: 'Lemon tart & curd', collection: ['Bookmarks bar'] },
      {
        url: 'https://recipes.test/pavlova',
        title: 'Pavlova',
        description: 'Crisp outside, soft inside',
        tags: ['baking', 'meringue'],
        collection: ['Bookmarks bar', 'Cooking', 'Desserts'],
        createdAt: '2023-11-14T22:20:00.000Z',
      },
      // ADD_DATE in microseconds (Firefox's PRTime) reads as the same kind of date as seconds
      { url: 'http://news.test/story?id=7', collection: ['Other bookmarks'], createdAt: '2023-11-14T22:23:20.000Z' },
      // a blank title falls back to the address
      { url: 'https://docs.test/', title: 'https://docs.test/', createdAt: null },
      { url: 'https://loose.test/page', collection: [] },
    ]);
    expect(read.problems).toEqual([{ where: 'bookmark 3', reason: 'Not a web address: "place:sort=8&maxResults=10"' }]);
  });

  it('Pocket CSV: tags split on |, status archive, Unix seconds; a row without an address is a problem', () => {
    const read = fixture('pocket.csv');
    expect(read.format).toBe('pocket-csv');
    expect(read.items).toMatchObject([
      {
        title: 'Deep work notes',
        tags: ['productivity', 'books'],
        isArchived: false,
        createdAt: '2023-07-22T04:26:40.000Z',
      },
      { title: 'A title, with a comma', tags: [], isArchived: true },
      { url: 'https://blog.test/untitled', title: 'https://blog.test/untitled', tags: ['misc'] },
    ]);
    expect(read.problems).toEqual([{ where: 'line 4', reason: 'It has no web address' }]);
  });

  it('Raindrop CSV: folder path, tags, note, excerpt, cover, highlights one per line, favourite; Unsorted is no folder', () => {
    const read = fixture('raindrop.csv');
    expect(read.format).toBe('raindrop-csv');
    expect(read.collections).toEqual([['Cooking'], ['Cooking', 'Bread']]);
    expect(read.items).toEqual([
      {
        url: 'https://bread.test/sourdough',
        title: 'Sourdough guide',
        description: 'Everything about starters',
        notes: 'My starter is 5 days old',
        text: null,
        tags: ['baking', 'fermentation'],
        collection: ['Cooking', 'Bread'],
        createdAt: '2023-03-01T10:00:00.000Z',
        isFavourite: true,
        isArchived: false,
        highlights: ['Feed it twice a day', 'Keep it warm'],
        image: 'https://bread.test/cover.jpg',
      },
      expect.objectContaining({ url: 'https://misc.test/a', collection: [], isFavourite: false }),
    ]);
    // the row's line counts the two lines of the quoted highlights before it
    expect(read.problems).toEqual([{ where: 'line 5', reason: 'Not a web address: "ftp://files.test/x"' }]);
  });

  it('Instapaper CSV: Unread/Archive/Starred are states, another folder a collection, Tags a JSON list', () => {
    const read = fixture('instapaper.csv');
    expect(read.format).toBe('instapaper-csv');
    expect(read.items).toMatchObject([
      { title: 'Essay one', description: 'The best paragraph', tags: ['essays', 'long reads'], collection: [] },
      { title: 'Essay two', isArchived: true, isFavourite: false },
      { title: 'Essay three', isArchived: false, isFavourite: true },
      { title: 'Essay four', collection: ['Philosophy'], createdAt: '2023-03-28T10:45:00.000Z' },
    ]);
    expect(read.problems).toEqual([]);
  });

  it('Pinboard JSON: description is the title, extended the notes, tags split on spaces; a post without href is named', () => {
    const read = fixture('pinboard.json');
    expect(read.format).toBe('pinboard-json');
    expect(read.items).toMatchObject([
      { url: 'https://tools.test/grep', title: 'Grep tricks', notes: 'Use -P for lookarounds', tags: ['cli', 'unix'] },
      { url: 'https://tools.test/sed', tags: [], createdAt: '2022-05-02T08:00:00.000Z' },
    ]);
    expect(read.problems).toEqual([
      {
        where: 'bookmark 3',
        reason: 'Not a bookmark of this format: href: Invalid input: expected string, received undefined',
      },
    ]);
  });

  it('Karakeep JSON: links with note and archived state, a text bookmark as a note, an empty one refused', () => {
    const read = fixture('karakeep.json');
    expect(read.format).toBe('karakeep-json');
    expect(read.items).toMatchObject([
      { url: 'https://learn.test/rust', notes: 'chapter 8 next', tags: ['rust', 'learning'], isArchived: true },
      { url: '', text: 'Remember to renew the domain', title: 'Remember to renew the domain' },
    ]);
    expect(read.problems).toEqual([{ where: 'bookmark 3', reason: 'It has no web address' }]);
  });

  it('Linkwarden JSON: parentId nests collections, tags are objects; a link without url is named by its collection', () => {
    const read = fixture('linkwarden.json');
    expect(read.format).toBe('linkwarden-json');
    expect(read.collections).toEqual([['Work'], ['Work', 'Meetings']]);
    expect(read.items).toMatchObject([
      { url: 'https://work.test/design', tags: ['planning'], collection: ['Work'] },
      { url: 'https://work.test/standup', collection: ['Work', 'Meetings'] },
    ]);
    expect(read.problems).toEqual([{ where: 'link in "Meetings", number 2', reason: 'It has no web address' }]);
  });

  it('Omnivore JSON: labels, archived state, thumbnail and highlights with their notes', () => {
    const read = fixture('omnivore.json');
    expect(read.format).toBe('omnivore-json');
    expect(read.items).toMatchObject([
      {
        url: 'https://read.test/on-writing',
        tags: ['writing', 'craft'],
        isArchived: true,
        image: 'https://read.test/thumb.png',
        highlights: ['Write every day\n\nyes'],
      },
      { url: 'https://read.test/later', isArchived: false, highlights: [] },
    ]);
  });

  it('a list of addresses: comments and blanks skipped, "url | title" lines, other lines named', () => {
    const read = fixture('urls.txt');
    expect(read.format).toBe('url-list');
    expect(urls('urls.txt')).toEqual(['https://one.test/a', 'https://two.test/b']);
    expect(read.items[1]?.title).toBe('Two, with a title');
    expect(read.problems).toEqual([{ where: 'line 5', reason: 'Not a web address: "not a url"' }]);
  });

  it("Trove's own JSON: the structure kept aside, every gem whole with its tag names and a key; a gem that does not read is named", () => {
    const read = fixture('trove.json');
    expect(read.format).toBe('trove-json');
    expect(read.collections).toEqual([['Recipes'], ['Recipes', 'Desserts']]);
    expect(read.trove?.tags.map((tag) => [tag.name, tag.parentId, tag.color])).toEqual([
      ['food', null, null],
      ['sweet', 10, '#aa3300'],
    ]);
    expect(read.trove?.savedSearches.map((s) => s.query)).toEqual(['#food/sweet sort:title']);
    expect(read.items.map((i) => [i.url, i.tags, i.collection, i.trove?.idempotencyKey, i.trove?.tagNames])).toEqual([
      [
        'https://recipes.test/pavlova',
        ['food/sweet'],
        ['Recipes', 'Desserts'],
        'trove:fixture-export-1:100',
        ['sweet'],
      ],
      ['https://old.test/', [], ['Unfiltered'], 'save-key-1', []],
      ['https://recipes.test/pavlova', [], ['AI Chats'], 'trove:fixture-export-1:102', []],
    ]);
    expect(read.items[1]?.trove?.deletedAt).toBe('2026-06-01T00:00:00.000Z');
    expect(read.items[2]?.trove?.messages.map((m) => [m.userText, m.answerText])).toEqual([
      ['What is in it?', 'Whites and sugar.'],
    ]);
    expect(read.problems).toEqual([
      { where: 'gem 4', reason: 'description: Invalid input: expected string, received undefined' },
    ]);
  });

  it('says what it reads when it cannot tell the format, or the JSON is broken', () => {
    expect(() => readImportFile('just some words\nand more')).toThrow(UnknownImportFormat);
    expect(() => readImportFile('just some words')).toThrow(/Bookmarks HTML .*Pocket CSV/);
    expect(() => readImportFile('{"bookmarks": [')).toThrow(/not valid JSON/);
    expect(() => readImportFile('{"something": []}')).toThrow(/not an export Trove knows/);
  });

  it('keeps reading a CSV past a row it cannot read', () => {
    const read = readImportFile(
      'title,url,time_added,tags,status\nA,https://a.test/,1,,unread\n"B,https://b.test/,2\n',
    );
    expect(read.items.map((item) => item.url)).toEqual(['https://a.test/']);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]?.reason).toMatch(/^Not readable as CSV/);
  });

  it('a Linkwarden collection whose parents loop still gets a path, once', () => {
    const loop = JSON.stringify({
      collections: [
        { id: 1, name: 'A', parentId: 2, links: [{ name: 'x', url: 'https://x.test/' }] },
        { id: 2, name: 'B', parentId: 1, links: [] },
      ],
    });
    expect(readImportFile(loop).items[0]?.collection).toEqual(['B', 'A']);
  });

  it('reads Unix times in seconds, milliseconds and microseconds, ISO strings, and nothing from junk', () => {
    const iso = '2023-11-14T22:13:20.000Z';
    expect([importDate(1_700_000_000), importDate('1700000000000'), importDate(1_700_000_000_000_000)]).toEqual([
      iso,
      iso,
      iso,
    ]);
    expect(importDate(iso)).toBe(iso);
    expect([importDate('yesterday-ish'), importDate(''), importDate(null), importDate(0)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
