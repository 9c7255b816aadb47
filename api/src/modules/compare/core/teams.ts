import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { User } from '../../accounts/core/User.ts';
import { CompareTeam } from './CompareTeam.ts';
import { compareAssistants } from './rules.ts';
import { TEAMS_MAX, teamInput } from './schemas.ts';

/** The user's saved teams, by name (at most TEAMS_MAX, so one list). */
export const listTeams = (em: EntityManager, userId: string): Promise<CompareTeam[]> =>
  em.find(CompareTeam, { user: userId }, { orderBy: { name: 'asc' } });

/**
 * Saves a team of 2-4 chat assistants under a name; a team of that name is replaced. At most
 * TEAMS_MAX per user, held under parallel saves: the user's row is locked while one is counted and made.
 */
export async function saveTeam(em: EntityManager, userId: string, input: unknown): Promise<CompareTeam> {
  const { name, assistants } = parseInput(teamInput, input);
  const ids = compareAssistants(assistants, 'max').map((a) => a.id);
  return em.transactional(async (tx) => {
    await tx.execute('select id from users where id = ? for update', [userId]);
    const same = await tx.findOne(CompareTeam, { user: userId, name });
    if (same) {
      same.assistants = ids;
      same.updatedAt = new Date();
      await tx.flush();
      return same;
    }
    if ((await tx.count(CompareTeam, { user: userId })) >= TEAMS_MAX) {
      throw textError('BAD_USER_INPUT', msg('You can keep up to {max} teams. Delete one to save another.'), {
        max: TEAMS_MAX,
      });
    }
    const team = tx.create(CompareTeam, { user: tx.getReference(User, userId), name, assistants: ids });
    await tx.flush();
    return team;
  });
}

export async function deleteTeam(em: EntityManager, userId: string, id: string): Promise<void> {
  const deleted = isUuid(String(id)) ? await em.nativeDelete(CompareTeam, { id, user: userId }) : 0;
  if (deleted === 0) throw notFound(msg('Team not found'));
}
