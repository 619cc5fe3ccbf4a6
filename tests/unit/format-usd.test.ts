import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../components/options/teams/money';

describe('formatUsd (the Teams section’s money)', () => {
  it('shows cents, with more digits only under a cent', () => {
    expect([0, 5, 0.5, 0.01, 1250.5, 0.0006, 0.000123, 0.00999].map(formatUsd)).toEqual([
      '$0.00',
      '$5.00',
      '$0.50',
      '$0.01',
      '$1,250.50',
      '$0.0006',
      '$0.00012',
      '$0.01',
    ]);
  });
});
