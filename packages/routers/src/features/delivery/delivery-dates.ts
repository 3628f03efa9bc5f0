/*
 * The delivery promise's calendar (docs/delivery.md), pure so it is tested with a fixed clock.
 * Dates are `YYYY-MM-DD` calendar dates in the shop's time zone (STORE_TIMEZONE); working days
 * are Monday to Saturday that are not holidays.
 */

export interface DeliveryCalendar {
  timeZone: string;
  /** Orders from this hour on count from the next working day (0–24). */
  cutoffHour: number;
  /** `YYYY-MM-DD` dates that are not working days. */
  holidays: readonly string[];
}

export interface DeliveryWindow {
  min_date: string;
  max_date: string;
}

// Building a formatter costs far more than using one; a shop has one or two zones.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date and the hour at `instant` in `timeZone`. */
export function localDateAndHour(instant: Date, timeZone: string): { date: string; hour: number } {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** `date` plus `days` calendar days (UTC arithmetic on a date has no time-zone jumps). */
export function addCalendarDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function isWorkingDay(date: string, holidays: readonly string[]): boolean {
  return new Date(`${date}T00:00:00Z`).getUTCDay() !== 0 && !holidays.includes(date);
}

/** The first working day after `date`. */
export function nextWorkingDay(date: string, holidays: readonly string[]): string {
  let day = addCalendarDays(date, 1);
  // A year of holidays cannot close every day; the bound only guards a corrupt list.
  for (let i = 0; i < 400 && !isWorkingDay(day, holidays); i++) day = addCalendarDays(day, 1);
  return day;
}

export function addWorkingDays(date: string, days: number, holidays: readonly string[]): string {
  let day = date;
  for (let i = 0; i < days; i++) day = nextWorkingDay(day, holidays);
  return day;
}

/** The order's day: today if a working day before the cut-off, else the next working day. */
export function orderDay(now: Date, calendar: DeliveryCalendar): string {
  const { date, hour } = localDateAndHour(now, calendar.timeZone);
  return isWorkingDay(date, calendar.holidays) && hour < calendar.cutoffHour
    ? date
    : nextWorkingDay(date, calendar.holidays);
}

/**
 * When an order placed `now` arrives: dispatched `dispatchDays` (+ the latest line's
 * `shipsInDays`) working days after its day, delivered `minDays`–`maxDays` calendar days later.
 */
export function estimateDelivery(
  now: Date,
  calendar: DeliveryCalendar,
  days: { dispatchDays: number; shipsInDays: number; minDays: number; maxDays: number },
): DeliveryWindow {
  const dispatch = addWorkingDays(
    orderDay(now, calendar),
    days.dispatchDays + days.shipsInDays,
    calendar.holidays,
  );
  return {
    min_date: addCalendarDays(dispatch, days.minDays),
    max_date: addCalendarDays(dispatch, days.maxDays),
  };
}
