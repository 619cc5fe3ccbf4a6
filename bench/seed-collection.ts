import type { Db } from '../server/db/client';
import { collections, gems, users } from '../server/db/schema';

/** One user with one collection of `count` gems (`page(n)` gives each one's title, path and text), written 250 a statement. */
export async function seedCollection(
  db: Db,
  name: string,
  count: number,
  page: (n: number) => { title: string; path: string; text: string },
) {
  const [user] = await db
    .insert(users)
    .values({ username: 'bench', email: 'bench@example.test', passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('no user');
  const [collection] = await db.insert(collections).values({ ownerId: user.id, name }).returning();
  if (!collection) throw new Error('no collection');
  for (let from = 0; from < count; from += 250) {
    const rows = Array.from({ length: Math.min(250, count - from) }, (_, k) => {
      const { title, path, text } = page(from + k);
      const url = `https://example.test/${path}`;
      return { ownerId: user.id, collectionId: collection.id, title, url, canonicalUrl: url, text };
    });
    await db.insert(gems).values(rows);
  }
  return { user, collection };
}
