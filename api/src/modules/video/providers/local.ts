import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { VIDEO_DURATIONS, VIDEO_SIZES, type VideoSize } from '@chorus/shared/videoRules';
import type { VideoCapabilities } from '../core/capabilities.ts';
import type { RenderHooks, RenderRequest, VideoProvider } from '../core/provider.ts';
import { renderTools } from './config.ts';
import { runFfmpeg } from './ffmpeg.ts';

const FONT_CANDIDATES = [
  renderTools.VIDEO_FONT_FILE,
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];

/**
 * The preview renderer: when no video service is configured, ffmpeg draws a real H.264 MP4 of the
 * exact duration and size asked for. Its pictures come from the prompt (a fractal zoom whose
 * place, colours and speed are seeded by the prompt, with the prompt as a caption), so the whole
 * product works with no keys, and the UI labels the result a preview render.
 */
export class LocalRenderer implements VideoProvider {
  readonly name = 'preview';
  readonly kind = 'local' as const;
  readonly model = '';
  readonly label = 'Preview render (no AI model)';
  readonly preview = true;
  // The spec's sizes (portrait 1080p is for the models that make it).
  readonly sizes: readonly VideoSize[] = VIDEO_SIZES.filter((s) => s !== '1080x1920');
  // ffmpeg draws any length; the product offers the spec's three. ~3 s of one core for 4 s of 720p.
  readonly capabilities: VideoCapabilities = {
    durations: VIDEO_DURATIONS,
    sizes: this.sizes,
    typicalRenderSeconds: 6,
  };
  private readonly font = FONT_CANDIDATES.find((f): f is string => !!f && existsSync(f));

  async render(request: RenderRequest, outFile: string, hooks: RenderHooks): Promise<void> {
    const seconds = Number(request.seconds);
    const [width, height] = request.size.split('x').map(Number) as [number, number];
    const seed = createHash('sha256').update(request.prompt).digest();
    const hueStart = seed[0]! % 360;
    const hueSpeed = 20 + (seed[1]! % 60);
    // Points on the Mandelbrot set's edge, where a zoom stays interesting.
    const spots = [
      [-0.743643887037151, 0.13182590420533],
      [-0.7453, 0.1127],
      [-1.25066, 0.02012],
      [-0.16, 1.0405],
      [0.2549870375144766, -0.0005679790528465],
    ] as const;
    const [x, y] = spots[seed[2]! % spots.length]!;
    // The fractal is computed at half size and scaled up: it is most of the CPU time, and a
    // smooth zoom loses nothing visible (4 s of 1280x720 takes ~3 s of one core instead of ~6).
    const even = (n: number) => Math.max(2, Math.round(n / 4) * 2);
    const filters = [`scale=${width}:${height}:flags=bicubic`, `hue=h=${hueStart}+${hueSpeed}*t:s=1.4`];
    if (this.font) {
      const fontSize = Math.round(Math.min(width, height) / 16);
      filters.push(
        drawText(this.font, caption(request.prompt, width, fontSize), {
          fontSize,
          y: `h-${Math.round(fontSize * 3.2)}`,
          box: true,
        }),
        drawText(this.font, 'Chorus preview render', {
          fontSize: Math.round(fontSize / 2),
          y: `${Math.round(fontSize / 2)}`,
          box: false,
        }),
      );
    }
    await hooks.onProgress(1);
    let last = 1;
    await runFfmpeg(
      [
        '-y',
        '-f',
        'lavfi',
        '-i',
        `mandelbrot=s=${even(width)}x${even(height)}:r=24:maxiter=300:start_x=${x}:start_y=${y}:start_scale=3:end_scale=0.3:end_pts=${seconds * 24}`,
        '-t',
        String(seconds),
        '-vf',
        filters.join(','),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        outFile,
      ],
      {
        signal: hooks.signal,
        onTime: (written) => {
          const progress = Math.min(99, Math.max(1, Math.floor((written / seconds) * 100)));
          if (progress > last) {
            last = progress;
            void hooks.onProgress(progress);
          }
        },
      },
    );
  }
}

function caption(prompt: string, width: number, fontSize: number): string {
  const max = Math.max(12, Math.floor(width / (fontSize * 0.62)));
  const text = prompt.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function drawText(font: string, text: string, o: { fontSize: number; y: string; box: boolean }): string {
  // drawtext's own escaping: backslash, colon, quote and percent are special inside text=.
  const escaped = text
    .replace(/\\/g, '\\\\\\\\')
    .replace(/'/g, '\u2019')
    .replace(/:/g, '\\:')
    .replace(/%/g, '\\%');
  const parts = [
    `fontfile=${font}`,
    `text='${escaped}'`,
    'fontcolor=white',
    `fontsize=${o.fontSize}`,
    'x=(w-text_w)/2',
    `y=${o.y}`,
  ];
  if (o.box) parts.push('box=1', 'boxcolor=black@0.45', `boxborderw=${Math.round(o.fontSize / 3)}`);
  return `drawtext=${parts.join(':')}`;
}
