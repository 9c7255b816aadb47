import { createElement, type ReactNode, type SVGProps } from 'react';

/*
 * react-icons' icon data drawn without its runtime (react-icons/lib's IconBase: Babel helpers and an
 * IconContext Chorus never uses, about 1 KB of every public page's first download). The icon modules
 * web/vite-plugins/iconsPerModule.ts makes call this instead; the SVG is the one IconBase draws.
 */
interface IconTree {
  tag: string;
  attr: Record<string, string>;
  child: IconTree[];
}

type IconProps = SVGProps<SVGSVGElement> & { size?: string | number; title?: string };

const draw = (tree: IconTree[]): ReactNode[] =>
  tree.map((node, key) => createElement(node.tag, { key, ...node.attr }, ...draw(node.child)));

export function GenIcon(data: IconTree) {
  return ({ size, title, color, style, children: _children, ...props }: IconProps) =>
    createElement(
      'svg',
      {
        stroke: 'currentColor',
        fill: 'currentColor',
        strokeWidth: '0',
        ...data.attr,
        ...props,
        style: { color, ...style },
        height: size ?? '1em',
        width: size ?? '1em',
        xmlns: 'http://www.w3.org/2000/svg',
      },
      title ? createElement('title', null, title) : null,
      ...draw(data.child),
    );
}
