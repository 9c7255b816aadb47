import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { system } from './system';

/**
 * Adds every Chakra component recipe the system does not have yet (see system.ts). Chakra reads a
 * recipe from the system's theme the first time a component of that kind renders, so this must run
 * before such a page renders: importing this module is enough (ApolloOutlet and the toast region do).
 */
function registerAllRecipes() {
  const theme = system._config.theme;
  if (!theme) return;
  theme.recipes ??= {};
  theme.slotRecipes ??= {};
  for (const [key, recipe] of Object.entries(recipes)) theme.recipes[key] ??= recipe;
  for (const [key, recipe] of Object.entries(slotRecipes)) theme.slotRecipes[key] ??= recipe;
}

registerAllRecipes();
