/** A User Timing mark (read by `npm run bench`), taken the first time only. */
export function markOnce(name: string) {
  if (!performance.getEntriesByName(name, 'mark').length) performance.mark(name);
}
