export * from './config.ts';
export * from './db.ts';
export * from './logger.ts';
export * from './mail.ts';
export * from './pg.ts';
export * from './pubsub.ts';
export * from './storage.ts';
