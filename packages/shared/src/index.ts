export * from './constants';
export * from './errors';
export * from './rules/guards';
export * from './rules/rating';
export * from './rules/signup';
export * from './rules/visibility';
export * from './schemas/agent';
export * from './schemas/auth';
