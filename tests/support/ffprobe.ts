import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';

/** What ffprobe reads from a video file: the facts a player relies on. */
export async function probeVideo(file: string) {
  const { stdout } = await promisify(execFile)(ffprobe.path, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height,pix_fmt:format=duration,format_name',
    '-of',
    'json',
    file,
  ]);
  const info = JSON.parse(stdout) as {
    streams: { codec_name: string; width: number; height: number; pix_fmt: string }[];
    format: { duration: string; format_name: string };
  };
  const stream = info.streams[0]!;
  return {
    codec: stream.codec_name,
    width: stream.width,
    height: stream.height,
    pixelFormat: stream.pix_fmt,
    duration: Number(info.format.duration),
    format: info.format.format_name,
  };
}
