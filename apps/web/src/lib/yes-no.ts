import { z } from 'zod';

/** A yes/no question of the wizard; an unanswered one says what to do. */
export const yesNoAnswer = (message = 'Answer yes or no') => z.enum(['yes', 'no'], { message });

/** A stored google answer ("pending", "yes", "no" or "") as the form's starting value. */
export const storedYesNo = (value: string): 'yes' | 'no' | undefined =>
  value === 'yes' || value === 'no' ? value : undefined;
