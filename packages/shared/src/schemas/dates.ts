import { z } from 'zod';

/** The dates a person can mean and PostgreSQL can store (it has no year 0000). */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2200-12-31';
const EARLIEST_INSTANT = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const LATEST_INSTANT = Date.parse(`${LATEST_DATE}T23:59:59.999Z`);

/** A calendar date (YYYY-MM-DD) between 1900 and 2200; `label` names it in the range message. */
export const calendarDate = (label: string, message = `${label} must be a date (YYYY-MM-DD)`) =>
  z.iso.date({ message }).refine((value) => value >= EARLIEST_DATE && value <= LATEST_DATE, {
    message: `${label} must be between 1900 and 2200`,
  });

/** A date and time with its offset, between 1900 and 2200. */
export const instant = (label: string, message = `${label} must be a date and time`) =>
  z.iso.datetime({ offset: true, message }).refine(
    (value) => {
      const time = Date.parse(value);
      return time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
    },
    { message: `${label} must be between 1900 and 2200` },
  );
