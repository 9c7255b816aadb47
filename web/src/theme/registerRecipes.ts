import type { SystemConfig } from '@chakra-ui/react';
import { withSystem } from './system';

type Theme = NonNullable<SystemConfig['theme']>;

/**
 * Adds component recipes to the system (see system.ts, which starts with the shell's and the
 * marketing pages' recipes only). Chakra reads a recipe from the system's theme the first time a
 * component of that kind renders, so a module that renders such a component registers its recipe
 * at the top level: the recipe then ships in that module's chunk, and only pages that need it pay
 * for it. A component whose recipe nobody registered renders unstyled, without an error.
 */
export function registerRecipes({
  recipes = {},
  slotRecipes = {},
}: {
  recipes?: Theme['recipes'];
  slotRecipes?: Theme['slotRecipes'];
}): void {
  // Modules load before the system is built (system.ts): their recipes join it when it is.
  withSystem((system) => {
    const theme = system._config.theme;
    if (!theme) return;
    theme.recipes ??= {};
    theme.slotRecipes ??= {};
    for (const [key, recipe] of Object.entries(recipes ?? {})) theme.recipes[key] ??= recipe;
    for (const [key, recipe] of Object.entries(slotRecipes ?? {})) theme.slotRecipes[key] ??= recipe;
  });
}
