import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Chromium's headless shell (Debian: chromium-headless-shell) has no browser window at all: the
 * journeys take 15-30% less time in it than in the full browser run headless. Benchmarks and
 * Lighthouse measure in the full browser, as people use it.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browsers = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * The browser the journeys drive: CHROMIUM_PATH, or a system Chromium (the headless shell first,
 * unless `full`). Browser downloads by test tools don't work everywhere, so on a Debian/Ubuntu
 * machine where we are root we install Debian's package instead.
 */
export function findChromium(installIfMissing = false, { full = false } = {}): string {
  const candidates = full ? [...browsers, HEADLESS_SHELL] : [HEADLESS_SHELL, ...browsers];
  const found = [process.env.CHROMIUM_PATH, ...candidates].find((p): p is string => !!p && existsSync(p));
  if (found) return found;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (installIfMissing && canApt) {
    console.log('Chromium not found: installing Debian package "chromium-headless-shell" (apt-get)...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const res = spawnSync(
      'apt-get',
      ['install', '-y', '-qq', 'chromium-headless-shell', 'fonts-dejavu-core'],
      {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      },
    );
    const installed = candidates.find((p) => existsSync(p));
    if (res.status === 0 && installed) return installed;
  }
  throw new Error(
    'No Chromium found for the browser tests. Install it (Debian/Ubuntu: apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.',
  );
}
