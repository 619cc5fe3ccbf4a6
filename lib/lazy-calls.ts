/**
 * Async calls whose code loads on the first call: `load` imports the module that makes them; `ready` holds members
 * already here, returned as they are. A page can hand the result around and read its groups at once
 * (`api.sharing.invite(…)`); each call waits for the module, which is imported once (again after a failed import).
 * The library page starts its first requests without evaluating the route definitions of every dialog this way
 * (lib/library/library-api.ts; bench/RESULTS.md).
 */
export type Lazy<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : T[K] extends object
      ? Lazy<T[K]>
      : never; // a value is not a call: reading it would give a call that waits for the module
};

type Member = ((...args: unknown[]) => Promise<unknown>) & Record<PropertyKey, unknown>;

export function lazyCalls<R extends object, T extends object>(ready: R, load: () => Promise<T>): R & Lazy<T> {
  let loading: Promise<T> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return member(loadOnce, [], ready) as unknown as R & Lazy<T>;
}

/** The call or group at `path`: a function that calls it, whose properties are its members (each made once). */
function member(load: () => Promise<object>, path: readonly string[], ready?: object): Member {
  const call = async (...args: unknown[]) => {
    let owner: unknown;
    let value: unknown = await load();
    for (const key of path) {
      owner = value;
      value = (value as Record<string, unknown>)[key];
    }
    if (typeof value !== 'function') throw new TypeError(`${path.join('.')} is not a call`);
    return value.apply(owner, args);
  };
  const members = new Map<string, Member>();
  return new Proxy(call as Member, {
    get(target, key) {
      // `then`: awaiting a group must not take it for a promise; symbols: what inspection asks of any object.
      if (typeof key === 'symbol' || key === 'then') return undefined;
      if (ready && key in ready) return (ready as Record<string, unknown>)[key];
      if (key === 'length' || key === 'name') return Reflect.get(target, key);
      let found = members.get(key);
      if (!found) {
        found = member(load, [...path, key]);
        members.set(key, found);
      }
      return found;
    },
  });
}
