import { defineModule } from '../../http/module.ts';
import { deliverOutboxMessageTask } from './tasks/deliverOutboxMessage.ts';

/**
 * Every e-mail and text message the product sends (account links, invitations), written in the
 * caller's transaction and delivered by the worker. Its table's entity lives in social (a row may
 * carry an invitation); accounts and social both write here, so neither imports the other for it.
 */
export const outboxModule = defineModule({
  name: 'outbox',
  uses: ['jobs'],
  worker: { tasks: { deliver_outbox_message: deliverOutboxMessageTask } },
});
