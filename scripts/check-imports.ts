import { CHECKED_FOLDERS, describeViolation, importViolations } from './import-rules';

/** `npm run lint`'s import check: the boundaries of scripts/import-rules.ts over the extension and the server. */
const violations = await importViolations(CHECKED_FOLDERS, process.cwd());
if (violations.length) {
  console.error(`${violations.length} import(s) break the rules of scripts/import-rules.ts:`);
  for (const violation of violations) console.error(`  ${describeViolation(violation)}`);
  process.exit(1);
}
console.log(`imports: no circles, no boundary crossed in ${CHECKED_FOLDERS.join(', ')}`);
