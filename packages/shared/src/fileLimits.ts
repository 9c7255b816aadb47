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

/**
 * Which way a figure is rounded for show. A limit's room is shown rounded down and a file rounded up,
 * so a file that does not fit never looks as if it did ("1 MB left" for 0.96 MB, "1 MB" for a 0.98 MB
 * file): with one rounded up and the other down, a larger file always shows a larger figure.
 */
export type Rounding = 'nearest' | 'up' | 'down';

const roundTo = (value: number, places: number, rounding: Rounding) => {
  const scale = 10 ** places;
  // toFixed-style noise (0.1 + 0.2) must not push a whole figure up or down a step.
  const scaled = Number((value * scale).toPrecision(12));
  const whole =
    rounding === 'up' ? Math.ceil(scaled) : rounding === 'down' ? Math.floor(scaled) : Math.round(scaled);
  return whole / scale;
};

/** "340 KB", "1.5 MB", "10 GB": binary units, as the quotas above are written. */
export function formatBytes(bytes: number, rounding: Rounding = 'nearest'): string {
  if (bytes < 1024) return `${rounding === 'up' ? Math.ceil(bytes) : Math.floor(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = roundTo(value, value >= 100 || Number.isInteger(value) ? 0 : 1, rounding);
  return `${shown} ${units[unit]}`;
}

/**
 * The refusal of a file that does not fit in the storage left: the room rounded down and, when it
 * is known (the whole file has arrived), the file's size rounded up. A refusal while the file is
 * still arriving knows only that it is larger than the room.
 */
export function notEnoughStorage({
  leftBytes,
  quotaBytes,
  fileBytes,
  upgradeQuotaBytes,
}: {
  leftBytes: number;
  quotaBytes: number;
  fileBytes?: number;
  /** The quota an upgrade would give; leave out on plans with nothing to upgrade to. */
  upgradeQuotaBytes?: number;
}): string {
  const left = formatBytes(Math.max(0, leftBytes), 'down');
  const quota = formatBytes(quotaBytes);
  const stand =
    fileBytes === undefined
      ? `${left} of your ${quota} is left.`
      : `the file is ${formatBytes(fileBytes, 'up')} and only ${left} of your ${quota} is left.`;
  const upgrade =
    upgradeQuotaBytes === undefined ? '' : ` Upgrade to Premium for ${formatBytes(upgradeQuotaBytes)}.`;
  return `Not enough storage: ${stand}${upgrade}`;
}
