export * from './constants.js';
export * from './messages.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/stories.js';
export * from './schemas/users.js';
