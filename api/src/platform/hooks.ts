import type { HookEvents, HookHandlers } from './module.ts';

/**
 * A small typed in-process hook registry: a module raises an event ("user registered") and the
 * modules that declared a reaction in their module.ts (`hooks`) run it, in the order of the module
 * list, each awaited. The raising module names none of them, so a module that reacts to another
 * needs no import back. Reactions are registered once from api/src/modules/index.ts.
 */
const handlers = new Map<keyof HookEvents, Array<(event: never) => Promise<void>>>();

/**
 * Adds the reactions in `declared`; the function returned takes them away again (a test that adds
 * its own must, or they would run for every later test file sharing the process).
 */
export function registerHooks(declared: HookHandlers): () => void {
  const added = Object.entries(declared) as [keyof HookEvents, (event: never) => Promise<void>][];
  for (const [name, handler] of added) {
    const list = handlers.get(name) ?? [];
    list.push(handler);
    handlers.set(name, list);
  }
  return () => {
    for (const [name, handler] of added) {
      const list = handlers.get(name) ?? [];
      const at = list.lastIndexOf(handler);
      if (at >= 0) list.splice(at, 1);
    }
  };
}

/** Runs every reaction to `name`, one after the other; a reaction that throws stops the rest. */
export async function raise<K extends keyof HookEvents>(name: K, event: HookEvents[K]): Promise<void> {
  for (const handler of handlers.get(name) ?? [])
    await (handler as (e: HookEvents[K]) => Promise<void>)(event);
}
