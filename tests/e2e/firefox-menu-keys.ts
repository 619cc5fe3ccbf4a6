import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/** One file from a zip archive (Firefox's omni.ja is one), found through the archive's central directory. */
function readZipEntry(archive: Buffer, name: string): string {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  let at = archive.readUInt32LE(end + 16);
  for (let n = archive.readUInt16LE(end + 10); n > 0; n--) {
    const nameLength = archive.readUInt16LE(at + 28);
    const entryName = archive.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName === name) {
      const method = archive.readUInt16LE(at + 10);
      const size = archive.readUInt32LE(at + 20);
      const local = archive.readUInt32LE(at + 42);
      const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
      const data = archive.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
  }
  throw new Error(`${name} is not in the archive`);
}

const MENUS = ['menu-file', 'menu-edit', 'menu-view', 'menu-history', 'menu-bookmarks-menu', 'menu-tools', 'menu-help'];

/**
 * The access keys of Firefox's menu bar (File, Edit, View, History, Bookmarks, Tools, Help), read from the
 * installed Firefox's own English strings. Alt with one of them (Shift or not) opens that menu before an
 * extension's shortcut sees the key.
 */
export function firefoxMenuAccessKeys(firefox: string): Map<string, string> {
  const omni = join(dirname(realpathSync(firefox)), 'browser', 'omni.ja');
  const ftl = readZipEntry(readFileSync(omni), 'localization/en-US/browser/menubar.ftl');
  const keys = new Map<string, string>();
  for (const menu of MENUS) {
    const found = new RegExp(`^${menu} =\\n\\s+\\.label = (.+)\\n\\s+\\.accesskey = (.)`, 'm').exec(ftl);
    if (!found?.[1] || !found[2]) throw new Error(`no access key for ${menu} in Firefox's menubar.ftl`);
    keys.set(found[2].toUpperCase(), found[1]);
  }
  return keys;
}
