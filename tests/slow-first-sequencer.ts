import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order a run starts its files in (vitest.config.ts `sequence.sequencer`): a run ends when its last file does, so
 * the long files start first and the many short ones fill the workers at the end. Vitest's own order runs the
 * projects by name (server-postgres after server, then unit) and, on a machine that has no timings of an earlier run
 * (CI's fresh clone), the larger files first: first-start (a small file, ~110 s) and e2e's outage (~105 s) then
 * started last and were the run's tail.
 */

/** The projects heaviest first; a worker serves one project, so a project's files stay together. */
const projects = ['server', 'server-postgres', 'background', 'component', 'unit', 'e2e'];

/**
 * Files much longer than their size says, longest first, from a whole `npm test` (wall seconds: server ≥ 55, e2e ≥ 65,
 * component ≥ 20). Only an order: a file missing here, or one that got faster, still runs, after these.
 */
const slowFiles = [
  // server (and server-postgres, where listed there)
  'server/fuzz', // 205
  'server/sharing-policy', // 130
  'server/first-start', // 108
  'server/shutdown-answers', // 87
  'server/imports', // 87
  'server/embeddings', // 86
  'server/share-links', // 76
  'server/ocr', // 72
  'server/chat-file-pdf-limits', // 70
  'server/chat-crash', // 60; 65 on PostgreSQL
  'server/operator', // 61
  'server/chat-files', // 60
  'server/shutdown', // 57
  'server/chat-file-pdf-reader', // 56
  // component
  'component/library/library', // 42
  'component/library/library-tags', // 27
  'component/chat/history-panel', // 23
  'component/chat/share-actions', // 22
  'component/library/share-dialog', // 21
  'component/library/share-link-and-offers', // 21
  // e2e
  'e2e/side-panel', // 105
  'e2e/library-import', // 104
  'e2e/library-ai', // 91
  'e2e/accessibility', // 86
  'e2e/save-page', // 85
  'e2e/two-profiles', // 82
  'e2e/library-organise', // 78
  'e2e/report-bug', // 72
  'e2e/library', // 69
  'e2e/outage', // 60
  'e2e/outage-worker-stopped', // 45
];

function slowRank(spec: TestSpecification): number {
  const name = /tests\/(.+)\.test\.tsx?$/.exec(spec.moduleId)?.[1];
  const rank = name ? slowFiles.indexOf(name) : -1;
  return rank === -1 ? slowFiles.length : rank;
}

function projectRank(spec: TestSpecification): number {
  const rank = projects.indexOf(spec.project.name);
  return rank === -1 ? projects.length : rank;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order (the last run's timings, else size) within each rank; Array.sort keeps it (it is stable).
    const sorted = await super.sort(files);
    return sorted.sort((a, b) => projectRank(a) - projectRank(b) || slowRank(a) - slowRank(b));
  }
}
