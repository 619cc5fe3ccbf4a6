import { describe, expect, it } from 'vitest';
import {
  type BookmarkChoice,
  bookmarkCount,
  collectionState,
  contextIds,
  gemChecked,
  MAX_CHOSEN_GEMS,
  NO_BOOKMARKS,
  overLimit,
  toggleCollection,
  toggleGem,
} from '../../components/chat/bookmarks/selection';

const travel = { id: 1, name: 'Travel' };
const gem = (id: number, collectionId: number | null = 1) => ({ id, title: `Gem ${id}`, collectionId });

describe('bookmark selection', () => {
  it('a collection is unchecked, mixed when one of its gems or sub-collections is chosen, checked when chosen whole', () => {
    expect(collectionState(NO_BOOKMARKS, 1)).toBe('unchecked');
    const oneGem = toggleGem(NO_BOOKMARKS, gem(10));
    expect(collectionState(oneGem, 1)).toBe('mixed');
    expect(collectionState(oneGem, 2)).toBe('unchecked');
    const child = toggleCollection(NO_BOOKMARKS, { id: 3, name: 'Japan' });
    expect(collectionState(child, 1, [3])).toBe('mixed');
    expect(collectionState(toggleCollection(oneGem, travel), 1)).toBe('checked');
  });

  it('checking a collection takes its own gems and sub-collections off the list; unchecking it chooses nothing', () => {
    let choice: BookmarkChoice = toggleGem(NO_BOOKMARKS, gem(10));
    choice = toggleGem(choice, gem(20, 2));
    choice = toggleCollection(choice, { id: 3, name: 'Japan' });
    choice = toggleCollection(choice, travel, [3]);
    expect(contextIds(choice)).toEqual({ gemIds: [20], collectionIds: [1] });
    expect(gemChecked(choice, 10, 1)).toBe(true);
    choice = toggleCollection(choice, travel, [3]);
    expect(contextIds(choice)).toEqual({ gemIds: [20], collectionIds: [] });
    expect(gemChecked(choice, 10, 1)).toBe(false);
  });

  it('unchecking one gem of a chosen collection keeps the other gems shown checked', () => {
    const whole = toggleCollection(NO_BOOKMARKS, travel);
    const shown = [gem(10), gem(11), gem(12)];
    const choice = toggleGem(whole, gem(11), shown);
    expect(contextIds(choice)).toEqual({ gemIds: [10, 12], collectionIds: [] });
    expect(collectionState(choice, 1)).toBe('mixed');
    expect(bookmarkCount(choice)).toBe(2);
  });

  it('a gem toggles on and off, and one outside any collection counts too', () => {
    const on = toggleGem(NO_BOOKMARKS, gem(5, null));
    expect(bookmarkCount(on)).toBe(1);
    expect(bookmarkCount(toggleGem(on, gem(5, null)))).toBe(0);
  });

  it('a library search in the choice stays as gems and collections are toggled, and goes as its query text', () => {
    const search = { query: 'tart #baking', label: 'Search results', total: 12 };
    let choice: BookmarkChoice = { ...NO_BOOKMARKS, searches: [search] };
    choice = toggleCollection(toggleGem(choice, gem(10)), travel);
    expect(choice.searches).toEqual([search]);
    expect(bookmarkCount(choice)).toBe(2);
    expect(contextIds(choice)).toEqual({ gemIds: [], collectionIds: [1], searches: ['tart #baking'] });
    expect(contextIds(toggleGem(choice, gem(10), [gem(10), gem(11)]))).toEqual({
      gemIds: [11],
      collectionIds: [],
      searches: ['tart #baking'],
    });
  });

  it('says when the server’s limits are passed', () => {
    let choice = NO_BOOKMARKS;
    for (let id = 1; id <= MAX_CHOSEN_GEMS; id++) choice = toggleGem(choice, gem(id, null));
    expect(overLimit(choice)).toBeNull();
    expect(overLimit(toggleGem(choice, gem(1000, null)))).toMatch(/at most 100 gems/);
  });
});
