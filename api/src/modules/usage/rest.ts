import { Router } from 'express';
import { msg } from '../../platform/i18n.ts';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { usageCsv } from './core/csv.ts';
import { usageMonth } from './core/month.ts';
import { pricesFrom } from './core/prices.ts';
import { usageOf } from './core/usage.ts';

/**
 * `GET /api/usage?month=YYYY-MM` → the signed-in person's usage that month (the current one, UTC,
 * without `month`); `GET /api/usage.csv?month=` or `?format=csv` → its days as a CSV download.
 */
export function usageRoutes(services: AppServices): Router {
  const r = Router();
  const prices = pricesFrom(services.config);
  const read = (asCsv: boolean) =>
    signedIn(services, async ({ em, userId, req, res }) => {
      const format = req.query.format;
      if (format !== undefined && format !== 'csv' && format !== 'json') {
        res.status(400);
        return { message: msg('format must be csv or json'), code: 'BAD_USER_INPUT' };
      }
      const month = usageMonth(req.query.month);
      const usage = await usageOf(em, userId, month, prices);
      if (!asCsv && format !== 'csv') return usage;
      res
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="chorus-usage-${month.month}.csv"`)
        .set('Cache-Control', 'private, no-store')
        .send(usageCsv(usage.days));
    });
  r.get('/usage', read(false));
  r.get('/usage.csv', read(true));
  return r;
}
