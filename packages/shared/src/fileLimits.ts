import type { PlanType } from './plans.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * Storage each plan includes (spec §6/§9: free 100 MB, Premium 10 GB). Every stored file of the
 * user counts: uploads, chat images, generated images, saved videos and their thumbnails. The spec
 * names no other figure for Max, whose extras are generation and support, so it gets Premium's.
 */
export const storageQuotaBytes: Record<PlanType, number> = {
  free: 100 * MB,
  monthly: 10 * GB,
  yearly: 10 * GB,
  max: 10 * GB,
  yearlyMax: 10 * GB,
};

/** "340 KB", "1.5 MB", "10 GB": binary units, as the quotas above are written. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 100 || Number.isInteger(value) ? Math.round(value) : Number(value.toFixed(1));
  return `${shown} ${units[unit]}`;
}
