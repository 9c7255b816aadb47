import * as React from 'react';
import { Component, type ComponentType, type ReactNode } from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { transform } from 'sucrase';

/** The modules a React artifact may import: Chorus serves them with the frame, nothing comes from a CDN. */
const MODULES: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  'react/jsx-runtime': JsxRuntime,
};

class Boundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Builds a JSX/TSX block with one default-exported component (sucrase, in the frame: the frame's CSP
 * allows eval, the app's never does) and renders it into `root`.
 */
export async function renderReact(root: HTMLElement, source: string, onError: (error: unknown) => void) {
  const { code } = transform(source, {
    transforms: ['jsx', 'typescript', 'imports'],
    jsxRuntime: 'automatic',
    production: true,
  });
  const module = { exports: {} as Record<string, unknown> };
  const require = (name: string) => {
    if (name in MODULES) return MODULES[name];
    throw new Error(`Only react and react-dom can be imported in a preview, not "${name}".`);
  };
  new Function('require', 'module', 'exports', 'React', code)(require, module, module.exports, React);
  const App = (module.exports.default ??
    Object.values(module.exports).find((v) => typeof v === 'function')) as ComponentType | undefined;
  if (typeof App !== 'function') throw new Error('The block has no default-exported component to show.');
  ReactDOMClient.createRoot(root).render(
    <Boundary onError={onError}>
      <App />
    </Boundary>,
  );
}
