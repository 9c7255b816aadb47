import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * The browser the journeys drive: CHROMIUM_PATH, or a system Chromium. Browser downloads by test
 * tools don't work everywhere, so on a Debian/Ubuntu machine where we are root we install Debian's
 * chromium package instead.
 */
export function findChromium(installIfMissing = false): string {
  const found = [process.env.CHROMIUM_PATH, ...candidates].find((p): p is string => !!p && existsSync(p));
  if (found) return found;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (installIfMissing && canApt) {
    console.log('Chromium not found: installing Debian package "chromium" (apt-get)...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const res = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (res.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium found for the browser tests. Install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH.',
  );
}
