export * from './agents';
export * from './auth';
export * from './leads';
export * from './messages';
export * from './recipients';
export * from './signing';
export * from './signup';
export * from './users';
