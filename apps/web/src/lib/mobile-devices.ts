/** The phones an agent can say they use (signup's personal info and the profile's details). */
export const MOBILE_DEVICES = [
  { value: 'iphone', label: 'iPhone' },
  { value: 'android', label: 'Android' },
] as const;
