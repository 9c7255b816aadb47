/** A language's compiled catalogue (web/vite-plugins/messageCatalogs.ts). */
declare module 'virtual:messages/*' {
  const messages: Record<string, import('../lib/formatMessage').CompiledMessage>;
  export default messages;
}
