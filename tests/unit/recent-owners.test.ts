import { describe, expect, it } from 'vitest';
import { RecentOwners } from '../../server/http/recent-owners';

const owner = (id: number) => ({ id, username: `user${id}`, unfilteredCollectionId: id * 10 });

describe('RecentOwners', () => {
  it('gives a sign-in seen within the time back, and forgets them once it is over', () => {
    let now = 1_000;
    const recent = new RecentOwners(2_000, 100, () => now);
    expect(recent.get('s1')).toBeUndefined();
    recent.remember('s1', owner(1));
    now += 1_999;
    expect(recent.get('s1')).toEqual(owner(1));
    now += 1;
    expect(recent.get('s1')).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it('is not extended by reading: only a fresh look-up (remember) starts the time again', () => {
    let now = 0;
    const recent = new RecentOwners(2_000, 100, () => now);
    recent.remember('s1', owner(1));
    for (let step = 0; step < 3; step++) {
      now += 900;
      recent.get('s1');
    }
    expect(recent.get('s1')).toBeUndefined();
    recent.remember('s1', owner(1));
    expect(recent.get('s1')).toEqual(owner(1));
  });

  it('holds at most its limit, dropping the user looked up longest ago', () => {
    const recent = new RecentOwners(60_000, 3, () => 0);
    for (const id of [1, 2, 3]) recent.remember(`s${id}`, owner(id));
    recent.remember('s1', owner(1)); // looked up again: now the newest
    recent.remember('s4', owner(4));
    expect(recent.size).toBe(3);
    expect(recent.get('s2')).toBeUndefined();
    expect([1, 3, 4].map((id) => recent.get(`s${id}`)?.id)).toEqual([1, 3, 4]);
  });

  it('forgets a sign-in at once (sign-out), keeping the others', () => {
    const recent = new RecentOwners(60_000, 100, () => 0);
    recent.remember('s1', owner(1));
    recent.remember('s2', owner(1));
    recent.forget('s1');
    expect(recent.get('s1')).toBeUndefined();
    expect(recent.get('s2')).toEqual(owner(1));
  });
});
