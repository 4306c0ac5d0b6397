// What the billing dialogs share: an amount typed in dollars and sent as cents, the day it
// happened (today unless changed), and how the money moved.
import { amountCents, formatCents, PAYMENT_METHODS, parseDollars, referralFeePercent } from '@portal/shared';
import { z } from 'zod';
import { percentFromText } from './billing-format';
import { toDateInput } from './when';

export const DOLLARS_PROBLEM = 'Enter the amount in dollars and cents, for example 1,234.56';

/** Text such as "1,234.56" or "$1234.5" as cents (123456, 123450); anything else is refused. */
export const dollarsAsCents = (label: string) =>
  z
    .string()
    .transform((text, context) => {
      const cents = parseDollars(text);
      if (cents === null) {
        context.addIssue({ code: 'custom', message: DOLLARS_PROBLEM });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(amountCents(label));

/** The method select: '' is "not recorded" (the field is left out). */
export const methodChoice = z
  .union([z.enum(PAYMENT_METHODS), z.literal('')])
  .transform((method) => (method === '' ? undefined : method));

/** Cents as the amount field shows them: 123456 is "1,234.56"; nothing owed is an empty field. */
export const centsAsText = (cents: number) => (cents > 0 ? formatCents(cents).replace('$', '') : '');

/** Today in the browser's calendar, as an <input type="date"> holds it. */
export const todayInput = () => toDateInput(new Date().toISOString());

/** A referral fee field: a percent checked by the shared rule, or empty for none of its own (null). */
export const referralFeeText = z.string().transform(percentFromText).pipe(referralFeePercent.nullable());
