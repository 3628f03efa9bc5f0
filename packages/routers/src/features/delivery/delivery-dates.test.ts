import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  estimateDelivery,
  isWorkingDay,
  localDateAndHour,
  orderDay,
} from './delivery-dates';

// 2026-12-01 is a Tuesday; 2026-12-06 a Sunday.
const kolkata = { timeZone: 'Asia/Kolkata', cutoffHour: 14, holidays: [] as string[] };
const at = (iso: string) => new Date(iso);
const oneDay = { dispatchDays: 1, shipsInDays: 0, minDays: 2, maxDays: 4 };

describe('the delivery calendar', () => {
  it('reads the date and hour in the shop’s time zone', () => {
    // 20:00 UTC on the 1st is 01:30 on the 2nd in Kolkata.
    expect(localDateAndHour(at('2026-12-01T20:00:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-12-02',
      hour: 1,
    });
    expect(localDateAndHour(at('2026-12-01T20:00:00Z'), 'UTC')).toEqual({
      date: '2026-12-01',
      hour: 20,
    });
  });

  it('works Monday to Saturday except holidays', () => {
    expect(isWorkingDay('2026-12-05', [])).toBe(true); // Saturday
    expect(isWorkingDay('2026-12-06', [])).toBe(false); // Sunday
    expect(isWorkingDay('2026-12-25', ['2026-12-25'])).toBe(false);
    expect(addWorkingDays('2026-12-05', 1, [])).toBe('2026-12-07');
    expect(addWorkingDays('2026-12-24', 2, ['2026-12-25'])).toBe('2026-12-28');
  });

  it('counts an order before the cut-off from today, from it from the next working day', () => {
    // 13:59 and 14:00 in Kolkata (UTC+05:30).
    expect(orderDay(at('2026-12-01T08:29:00Z'), kolkata)).toBe('2026-12-01');
    expect(orderDay(at('2026-12-01T08:30:00Z'), kolkata)).toBe('2026-12-02');
    expect(estimateDelivery(at('2026-12-01T08:29:00Z'), kolkata, oneDay)).toEqual({
      min_date: '2026-12-04',
      max_date: '2026-12-06',
    });
    expect(estimateDelivery(at('2026-12-01T08:30:00Z'), kolkata, oneDay)).toEqual({
      min_date: '2026-12-05',
      max_date: '2026-12-07',
    });
  });

  it('skips a Sunday: a Saturday evening order dispatches on Tuesday', () => {
    // Saturday 5th after the cut-off → order day Monday 7th → dispatch Tuesday 8th.
    expect(orderDay(at('2026-12-05T12:00:00Z'), kolkata)).toBe('2026-12-07');
    expect(orderDay(at('2026-12-06T04:00:00Z'), kolkata)).toBe('2026-12-07');
    expect(estimateDelivery(at('2026-12-05T12:00:00Z'), kolkata, oneDay)).toEqual({
      min_date: '2026-12-10',
      max_date: '2026-12-12',
    });
  });

  it('skips holidays, for the order’s day and for dispatch, and adds a product’s own days', () => {
    const christmas = { ...kolkata, holidays: ['2026-12-25', '2026-12-26'] };
    // Thursday 24th before the cut-off: dispatch skips Fri 25th, Sat 26th, Sun 27th.
    expect(estimateDelivery(at('2026-12-24T05:00:00Z'), christmas, oneDay)).toEqual({
      min_date: '2026-12-30',
      max_date: '2027-01-01',
    });
    // On the holiday itself the order counts from Monday 28th.
    expect(orderDay(at('2026-12-25T05:00:00Z'), christmas)).toBe('2026-12-28');
    // Made to order in 3 working days: dispatch Thursday 31st.
    expect(
      estimateDelivery(at('2026-12-24T05:00:00Z'), christmas, { ...oneDay, shipsInDays: 3 }),
    ).toEqual({ min_date: '2027-01-02', max_date: '2027-01-04' });
  });

  it('takes no cut-off at 24 and every order to the next day at 0', () => {
    const late = at('2026-12-01T18:00:00Z'); // 23:30 in Kolkata
    expect(orderDay(late, { ...kolkata, cutoffHour: 24 })).toBe('2026-12-01');
    expect(orderDay(at('2026-12-01T00:00:00Z'), { ...kolkata, cutoffHour: 0 })).toBe('2026-12-02');
  });
});
