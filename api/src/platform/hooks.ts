import type { HookEvents, HookHandlers } from './module.ts';

/**
 * A small typed in-process hook registry: a module raises an event ("user registered") and the
 * modules that declared a reaction in their module.ts (`hooks`) run it, in the order of the module
 * list, each awaited. The raising module names none of them, so a module that reacts to another
 * needs no import back. Reactions are registered once from api/src/modules/index.ts.
 */
const handlers = new Map<keyof HookEvents, Array<(event: never) => Promise<void>>>();

export function registerHooks(declared: HookHandlers): void {
  for (const [name, handler] of Object.entries(declared) as [
    keyof HookEvents,
    (event: never) => Promise<void>,
  ][]) {
    const list = handlers.get(name) ?? [];
    list.push(handler);
    handlers.set(name, list);
  }
}

/** Runs every reaction to `name`, one after the other; a reaction that throws stops the rest. */
export async function raise<K extends keyof HookEvents>(name: K, event: HookEvents[K]): Promise<void> {
  for (const handler of handlers.get(name) ?? [])
    await (handler as (e: HookEvents[K]) => Promise<void>)(event);
}
