import { describe, expect, it } from 'vitest';
import {
  bulkTarget,
  click,
  emptySelection,
  isSelected,
  keepLoaded,
  type Selection,
  selectAllLoaded,
  selectAllMatching,
  selectedCount,
  toggle,
} from '../../lib/library/selection';

const loaded = [10, 11, 12, 13, 14, 15];
const ids = (selection: Selection) => [...selection.ids].sort((a, b) => a - b);

describe('the library selection', () => {
  it('a click selects that gem alone', () => {
    const one = click(selectAllLoaded(loaded), 12, loaded);
    expect(ids(one)).toEqual([12]);
    expect(one.anchor).toBe(12);
  });

  it('Ctrl/⌘-click and x toggle one gem and keep the others', () => {
    let s = click(emptySelection, 10, loaded);
    s = click(s, 13, loaded, { toggle: true });
    expect(ids(s)).toEqual([10, 13]);
    s = toggle(s, 10, loaded);
    expect(ids(s)).toEqual([13]);
    expect(s.anchor).toBe(10);
  });

  it('Shift-click adds the range from the last clicked gem, in either direction', () => {
    let s = click(emptySelection, 11, loaded);
    s = click(s, 14, loaded, { shift: true });
    expect(ids(s)).toEqual([11, 12, 13, 14]);
    s = click(toggle(emptySelection, 15, loaded), 13, loaded, { shift: true });
    expect(ids(s)).toEqual([13, 14, 15]);
    expect(s.anchor).toBe(15);
  });

  it('Shift-click with no anchor, or one no longer loaded, toggles the gem', () => {
    expect(ids(click(emptySelection, 12, loaded, { shift: true }))).toEqual([12]);
    const gone = { ids: new Set([99]), anchor: 99, allMatching: false };
    expect(ids(click(gone, 12, loaded, { shift: true }))).toEqual([12, 99]);
  });

  it('select all takes the loaded gems; all that match counts the total and names the search', () => {
    const all = selectAllLoaded(loaded);
    expect(selectedCount(all, 250)).toBe(6);
    expect(bulkTarget(all, { query: 'tag:x', total: 250 })).toEqual({ ids: loaded });
    const every = selectAllMatching(all);
    expect(selectedCount(every, 250)).toBe(250);
    expect(isSelected(every, 9999)).toBe(true);
    expect(bulkTarget(every, { query: 'tag:x', total: 250 })).toEqual({ query: 'tag:x', expectedCount: 250 });
  });

  it('toggling a gem out of all that match leaves the loaded gems but that one', () => {
    const s = toggle(selectAllMatching(emptySelection), 12, loaded);
    expect(s.allMatching).toBe(false);
    expect(ids(s)).toEqual([10, 11, 13, 14, 15]);
  });

  it('nothing chosen names no target; gems that left the list leave the selection', () => {
    expect(bulkTarget(emptySelection, { query: '', total: 3 })).toBeNull();
    const s = keepLoaded(click(click(emptySelection, 10, loaded), 11, loaded, { toggle: true }), [11, 12]);
    expect(ids(s)).toEqual([11]);
    expect(s.anchor).toBe(11);
    expect(isSelected(s, 10)).toBe(false);
  });
});
