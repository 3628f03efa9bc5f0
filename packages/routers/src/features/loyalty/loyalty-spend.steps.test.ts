import { describe, expect, it } from 'vitest';
import { pointsToExpire } from './loyalty-spend.steps';

const now = new Date('2026-06-01T00:00:00Z');
const past = new Date('2026-05-01T00:00:00Z');
const future = new Date('2026-07-01T00:00:00Z');

describe('pointsToExpire (oldest first)', () => {
  it('debits come off the oldest lots first; what is left of lapsed lots expires', () => {
    const rows = [
      { points: 100, reason: 'earned', expiresAt: past },
      { points: 50, reason: 'earned', expiresAt: future },
      { points: -30, reason: 'redeemed', expiresAt: null },
    ];
    expect(pointsToExpire(rows, now)).toBe(70);
  });

  it('returned points undo a redemption; earlier expiries are not expired again', () => {
    const rows = [
      { points: 100, reason: 'earned', expiresAt: past },
      { points: -60, reason: 'redeemed', expiresAt: null },
      { points: 60, reason: 'returned', expiresAt: null },
      { points: -40, reason: 'expired', expiresAt: null },
    ];
    expect(pointsToExpire(rows, now)).toBe(60);
  });

  it('never more than the balance, nothing when nothing lapsed', () => {
    expect(pointsToExpire([{ points: 10, reason: 'earned', expiresAt: future }], now)).toBe(0);
    expect(
      pointsToExpire(
        [
          { points: 10, reason: 'earned', expiresAt: past },
          { points: -10, reason: 'adjusted', expiresAt: null },
        ],
        now,
      ),
    ).toBe(0);
  });
});
