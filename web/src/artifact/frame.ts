import { ARTIFACT_PROTOCOL, type FrameMessage, type RenderMessage, readRenderMessage } from './protocol';

/**
 * The preview frame (web/artifact-frame.html, served at /artifact-frame.html by
 * api/src/http/artifactFrame.ts with a CSP whose `sandbox allow-scripts` makes it an opaque origin,
 * with no way to reach the network, forms or frames). It waits for its parent, the chat
 * (components/conversation/ArtifactBlock.tsx), to send one block, draws it, and reports its height
 * and any error. Messages from any other window are ignored.
 */

const parentWindow = window.parent;

function post(message: FrameMessage) {
  // The chat's origin can't be named from an opaque origin: '*' is the only target that works, and
  // nothing secret travels (a height, an error text).
  parentWindow.postMessage(message, '*');
}

/** Reports the document's height whenever it changes, so the chat sizes the preview to fit. */
function reportSize() {
  let last = -1;
  const measure = () => {
    // The content's own height, not scrollHeight: that never drops below the frame's current
    // height, so a preview could grow but never shrink to fit.
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      post({ protocol: ARTIFACT_PROTOCOL, type: 'size', height });
    }
  };
  new ResizeObserver(measure).observe(document.documentElement);
  if (document.body) new ResizeObserver(measure).observe(document.body);
  measure();
}

function reportErrors() {
  window.addEventListener('error', (event) => {
    post({
      protocol: ARTIFACT_PROTOCOL,
      type: 'error',
      message: String(event.message || 'Script error'),
      shown: false,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    post({
      protocol: ARTIFACT_PROTOCOL,
      type: 'error',
      message: reason instanceof Error ? reason.message : String(reason),
      shown: false,
    });
  });
}

const BASE_CSS = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; }
  :root.dark { color-scheme: dark; }
  body { margin: 0; padding: 12px; background: transparent; color: CanvasText; }
  .artifact-svg svg, .artifact-mermaid svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }
  .artifact-error {
    font: 13px/1.5 ui-monospace, monospace; white-space: pre-wrap; color: #b42318;
    background: #fef3f2; border: 1px solid #fecdca; border-radius: 6px; padding: 10px 12px; margin: 0;
  }
  :root.dark .artifact-error { color: #fda29b; background: #55160c; border-color: #912018; }
`;

/** A readable message in the preview itself (not a blank box), also sent to the chat. */
export function showError(title: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const pre = document.createElement('pre');
  pre.className = 'artifact-error';
  pre.setAttribute('role', 'alert');
  pre.textContent = `${title}\n${message}`;
  document.body.replaceChildren(pre);
  post({ protocol: ARTIFACT_PROTOCOL, type: 'error', message: `${title} ${message}`, shown: true });
}

function prepareDocument(dark: boolean, className: string): HTMLElement {
  document.documentElement.classList.toggle('dark', dark);
  const style = document.createElement('style');
  style.textContent = BASE_CSS;
  document.head.append(style);
  const root = document.createElement('div');
  root.className = className;
  document.body.replaceChildren(root);
  return root;
}

/**
 * An HTML page replaces the frame's document, its inline scripts running as written: they are
 * confined by the frame's sandbox and CSP, not by us. document.open() drops the listeners, so the
 * size and error reports are set up again for the new document.
 */
function renderHtml(source: string) {
  document.open();
  // Listening before the page's own scripts run (during write), so their errors are told too.
  reportErrors();
  document.write(source);
  document.close();
  reportSize();
}

async function renderSvg(source: string, dark: boolean) {
  const root = prepareDocument(dark, 'artifact-svg');
  const parsed = new DOMParser().parseFromString(source, 'image/svg+xml');
  const svg = parsed.documentElement;
  if (svg.nodeName !== 'svg' || parsed.querySelector('parsererror'))
    throw new Error(parsed.querySelector('parsererror')?.textContent ?? 'This is not an SVG image.');
  root.append(document.importNode(svg, true));
}

const MERMAID_DARK = {
  darkMode: true,
  background: '#18181b',
  primaryColor: '#27272a',
  primaryTextColor: '#f4f4f5',
  primaryBorderColor: '#a1a1aa',
  secondaryColor: '#3f3f46',
  tertiaryColor: '#1f1f23',
  lineColor: '#d4d4d8',
  textColor: '#f4f4f5',
  edgeLabelBackground: '#18181b',
};

async function renderMermaid(source: string, dark: boolean) {
  const root = prepareDocument(dark, 'artifact-mermaid');
  // Mermaid is large: only a frame drawing a diagram downloads it.
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    // Mermaid's own dark theme puts light grey labels on mid-grey edge labels (under AA contrast):
    // the base theme with dark colours instead, readable on the chat's dark code background.
    ...(dark ? { theme: 'base', themeVariables: MERMAID_DARK } : { theme: 'default' }),
  });
  const { svg } = await mermaid.render('artifact-diagram', source);
  root.innerHTML = svg;
}

async function render(message: RenderMessage) {
  try {
    if (message.kind === 'html') {
      renderHtml(message.source);
      return;
    }
    if (message.kind === 'svg') await renderSvg(message.source, message.dark);
    else if (message.kind === 'mermaid') await renderMermaid(message.source, message.dark);
    else {
      const root = prepareDocument(message.dark, 'artifact-react');
      const { renderReact } = await import('./renderReact');
      await renderReact(root, message.source, (error) => showError('The component failed.', error));
    }
    reportErrors();
    reportSize();
  } catch (error) {
    const titles = {
      html: 'The page could not be shown.',
      svg: 'The SVG could not be drawn.',
      mermaid: 'The diagram could not be drawn.',
      react: 'The component could not be built.',
    } as const;
    showError(titles[message.kind], error);
    reportSize();
  }
}

let rendered = false;
function onMessage(event: MessageEvent) {
  // Only the chat that framed this page may ask it to draw, and only once.
  if (parentWindow === window || event.source !== parentWindow || rendered) return;
  const message = readRenderMessage(event.data);
  if (!message) return;
  rendered = true;
  window.removeEventListener('message', onMessage);
  void render(message);
}

window.addEventListener('message', onMessage);
if (parentWindow !== window) post({ protocol: ARTIFACT_PROTOCOL, type: 'ready' });
