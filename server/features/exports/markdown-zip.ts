import { Zip, ZipDeflate } from 'fflate';
import type { Db } from '../../db/client';
import { fileSafe } from './file-stream';
import { type ExportGem, gemPages } from './gem-pages';
import type { ExportScope } from './scope';

/** A YAML scalar: JSON's quoted strings are YAML's double-quoted ones. */
const yaml = (value: string | number | boolean | null) => (value === null ? 'null' : JSON.stringify(value));

/** One gem as Markdown: its fields as front matter (for note tools), then its description, notes and saved text. */
export function gemMarkdown(gem: ExportGem, scope: ExportScope): string {
  const tags = gem.tagIds.map((id) => scope.tagPaths.get(id)).filter((path): path is string => Boolean(path));
  const front = [
    `title: ${yaml(gem.title)}`,
    `url: ${yaml(gem.url)}`,
    `type: ${yaml(gem.mediaType)}`,
    `collection: ${yaml((scope.collectionPaths.get(gem.collectionId) ?? []).join('/'))}`,
    `tags: [${tags.map(yaml).join(', ')}]`,
    `favourite: ${gem.isFavourite}`,
    `created: ${yaml(gem.createdAt.toISOString())}`,
    `updated: ${yaml(gem.updatedAt.toISOString())}`,
    ...(gem.image ? [`image: ${yaml(gem.image)}`] : []),
    ...(gem.byline ? [`author: ${yaml(gem.byline)}`] : []),
    ...(gem.publishedAt ? [`published: ${yaml(gem.publishedAt.toISOString())}`] : []),
    ...(gem.description ? [`description: ${yaml(gem.description)}`] : []),
  ];
  const body = [
    `# ${gem.title}`,
    `<${gem.url}>`,
    ...(gem.description ? [gem.description] : []),
    ...(gem.notes ? ['## Notes', gem.notes] : []),
    ...(gem.text ? ['## Saved text', gem.text] : []),
  ];
  return `---\n${front.join('\n')}\n---\n\n${body.join('\n\n')}\n`;
}

/**
 * A zip of one Markdown file per save, in folders named as its collections (`Recipes/Desserts/Pavlova-12.md`; the
 * id keeps names apart). Each page of gems is deflated as it is read and its bytes handed on before the next page
 * is read.
 */
export async function* markdownZip(db: Db, scope: ExportScope): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const encoder = new TextEncoder();
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length) yield ready.shift() as Uint8Array;
  };
  for await (const page of gemPages(db, scope, { savesOnly: true })) {
    for (const gem of page) {
      const folders = (scope.collectionPaths.get(gem.collectionId) ?? []).map((name) => fileSafe(name));
      const file = new ZipDeflate([...folders, `${fileSafe(gem.title)}-${gem.id}.md`].join('/'), { level: 6 });
      file.mtime = gem.updatedAt;
      zip.add(file);
      file.push(encoder.encode(gemMarkdown(gem, scope)), true);
    }
    yield* drain();
  }
  zip.end();
  yield* drain();
}
