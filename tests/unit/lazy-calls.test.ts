import { describe, expect, it } from 'vitest';
import { lazyCalls } from '../../lib/lazy-calls';

/** A module of calls as `lazyCalls` loads it, counting its imports. */
function loader(fail = 0) {
  const imported = { count: 0, failures: fail };
  const load = async () => {
    imported.count += 1;
    if (imported.failures > 0) {
      imported.failures -= 1;
      throw new Error('the chunk did not load');
    }
    return {
      greet: async (name: string) => `hello ${name}`,
      sharing: {
        prefix: 'member:',
        async invite(this: { prefix: string }, name: string) {
          return `${this.prefix}${name}`;
        },
        async *events(count: number) {
          for (let i = 0; i < count; i += 1) yield i;
        },
      },
    };
  };
  return { imported, load };
}

describe('lazyCalls', () => {
  it('imports nothing until the first call, then once for every call and group', async () => {
    const { imported, load } = loader();
    const api = lazyCalls({ here: () => 'at once' }, load);
    expect(api.here()).toBe('at once');
    const invite = api.sharing.invite;
    expect(imported.count).toBe(0);
    expect(await Promise.all([api.greet('ada'), invite('bo'), api.sharing.invite('cy')])).toEqual([
      'hello ada',
      'member:bo',
      'member:cy',
    ]);
    expect(imported.count).toBe(1);
  });

  it('gives the same function for the same member, so React dependencies stay put', () => {
    const api = lazyCalls({}, loader().load);
    expect(api.sharing.invite).toBe(api.sharing.invite);
    expect(api.sharing).toBe(api.sharing);
    expect(api.greet).not.toBe(api.sharing.invite);
  });

  it('is not taken for a promise when a group is awaited', async () => {
    const api = lazyCalls({}, loader().load);
    const group = await api.sharing;
    expect(group).toBe(api.sharing);
  });

  it('hands back what an async generator yields once the call is awaited', async () => {
    const api = lazyCalls({}, loader().load);
    const seen: number[] = [];
    for await (const event of await api.sharing.events(3)) seen.push(event);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('imports again after a failed import, and says what failed', async () => {
    const { imported, load } = loader(1);
    const api = lazyCalls({}, load);
    await expect(api.greet('ada')).rejects.toThrow('the chunk did not load');
    await expect(api.greet('ada')).resolves.toBe('hello ada');
    expect(imported.count).toBe(2);
  });

  it('refuses to call what is not a call', async () => {
    const api = lazyCalls({}, loader().load) as unknown as { sharing: { prefix: () => Promise<string> } };
    await expect(api.sharing.prefix()).rejects.toThrow('sharing.prefix is not a call');
  });
});
