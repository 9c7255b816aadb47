/**
 * The import rules `npm run lint` checks (dependency-cruiser): no cycles between files or between
 * folders (so none between modules), and the toolkits (platform/, http/, rest/, graphql/) import
 * no module: a module plugs into them through its module.ts and api/src/modules/index.ts.
 * Type-only imports count too (tsPreCompilationDeps). Generated GraphQL types are left out: they
 * name the modules' mapped types by design (codegen.ts).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle between files: break it (a shared piece in its own file, or a hook: platform/hooks.ts).',
      from: { pathNot: '^web/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment:
        'A cycle between folders (between modules, or a toolkit and a module): the lower one must not import the higher. Where a module reacts to another, use a hook (platform/hooks.ts).',
      from: { pathNot: '^web/' },
      to: { circular: true },
    },
    {
      name: 'toolkits-import-no-module',
      severity: 'error',
      comment:
        'http/, rest/, graphql/ and platform/ are toolkits every module uses: feature code belongs in its module, which plugs in through its module.ts.',
      from: { path: '^api/src/(http|rest|graphql|platform)/' },
      to: { path: '^api/src/(modules/|services[.]ts|app[.]ts|config[.]ts|core[.]ts)' },
    },
    {
      // Files only: the feature folders no longer import each other in cycles, but the shared layers
      // still do (app <-> accounts, components <-> lib/hooks, lib -> shares/video through
      // publicPageData.ts); those go before a folder rule can hold for web/src.
      name: 'web-no-circular',
      severity: 'error',
      comment: 'An import cycle in the web app.',
      from: { path: '^web/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)__generated__/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
