/**
 * The domain: services, entities and rules, shared by the api and the worker. Imports no express
 * and no graphql.
 */
export * as accounts from './accounts/service.ts';
export { entities } from './entities.ts';
export * from './errors.ts';
