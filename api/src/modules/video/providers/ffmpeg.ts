import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { renderTools } from './config.ts';

/** The ffmpeg binary shipped by @ffmpeg-installer (a static build with libx264 and drawtext). */
export const ffmpegPath: string = renderTools.FFMPEG_PATH ?? ffmpegInstaller.path;

/**
 * How ffmpeg is started so that it dies with the process that started it, even one killed with
 * SIGKILL (which runs no handlers): on Linux through util-linux's `setpriv --pdeathsig KILL`, which
 * sets PR_SET_PDEATHSIG and then execs ffmpeg (same pid, nothing in between). Where setpriv is
 * missing, ffmpeg is started directly; it still stops by itself at the end of its clip.
 */
let launcher: string[] | undefined;
function ffmpegLauncher(): string[] {
  if (launcher) return launcher;
  launcher = [];
  if (process.platform === 'linux') {
    const probe = spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore' });
    if (probe.status === 0) launcher = ['setpriv', '--pdeathsig', 'KILL', '--'];
  }
  return launcher;
}

/**
 * Runs ffmpeg (killed along with this process, see ffmpegLauncher), calling `onTime` with the
 * seconds of output written so far (from `-progress`), and rejects with the tail of its log when it
 * fails.
 */
export function runFfmpeg(
  args: string[],
  options: { onTime?: (seconds: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const [command = ffmpegPath, ...prefix] = [...ffmpegLauncher(), ffmpegPath];
    const child = spawn(
      command,
      [...prefix, '-hide_banner', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        signal: options.signal,
      },
    );
    let log = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match) options.onTime?.(Number(match[1]) / 1_000_000);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      log = (log + chunk).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${log.trim()}`));
    });
  });
}

/** A still from one second in (or the first frame of a shorter clip), as a JPEG. */
export async function extractThumbnail(videoFile: string, outFile: string, width = 640): Promise<void> {
  const stillAt = (seek: string[]) =>
    runFfmpeg([
      '-y',
      ...seek,
      '-i',
      videoFile,
      '-frames:v',
      '1',
      '-vf',
      `scale=${width}:-2`,
      '-q:v',
      '4',
      outFile,
    ]);
  await stillAt(['-ss', '1']);
  // A clip shorter than a second has no frame at 1 s; take its first.
  if (!existsSync(outFile)) await stillAt([]);
}

/**
 * The frame at `seconds` (accurate seek: -ss after -i decodes up to it), at the video's own size,
 * as a high-quality JPEG: the start picture of an image-to-video. Past the last frame ffmpeg writes
 * nothing, which the caller reads as "no frame there".
 */
export async function extractFrame(videoFile: string, seconds: number, outFile: string): Promise<void> {
  await runFfmpeg(['-y', '-i', videoFile, '-ss', seconds.toFixed(3), '-frames:v', '1', '-q:v', '2', outFile]);
}
