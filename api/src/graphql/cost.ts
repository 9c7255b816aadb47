import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * What an operation may cost, counted before it runs with the values it will run with: every field
 * is 1, and a list of objects multiplies what is selected inside it by how many items it may hold.
 * That size is the field's page argument (first, last or limit) as a literal, as a variable's value
 * or default, or else the argument's default in the schema; a list without one is as long as the
 * page argument of the field around it (chatPage(first) { chats }), or as a known cap below, or
 * UNPAGED_LIST_SIZE. Nested lists multiply, so `chats { messages { … } }` counts 500 × 500.
 *
 * graphql-armor's cost rule (a validation rule) sees neither variables nor schema defaults, so
 * `first: $n` and an unpaged `chats` each counted as one item.
 */
export const COST_LIMITS = {
  maxCost: 10_000,
  /** What a list field with no page argument may hold at worst (chats and messages stop at 500). */
  unpagedListSize: 500,
} as const;

const PAGE_ARGUMENTS = ['first', 'last', 'limit'];

/**
 * Lists that are short by nature (a catalogue, a plan's allowances) or capped by the server below
 * UNPAGED_LIST_SIZE, as `Type.field`.
 */
const KNOWN_LIST_SIZES: Record<string, number> = {
  'Query.plans': 10,
  // Custom assistants (assistants/core/rules.ts): one's 50 and friends' newest 100; 20 a directory
  // page; 4 starters, 10 knowledge files and 5 tool servers each.
  'Query.customAssistants': 150,
  'AssistantDirectoryPage.assistants': 20,
  'CustomAssistant.starters': 4,
  'CustomAssistant.fileIds': 10,
  'CustomAssistant.toolServerIds': 5,
  // A month's days, and the assistants that answered in it (modules/usage).
  'Usage.days': 31,
  'UsageTokens.byAssistant': 50,
  'Plan.limits': 20,
  'Query.videoModels': 20,
  'VideoOptions.renderEstimates': 30,
  // The nine, then one's own (50 at most) and friends' custom assistants (100 listed: customAssistant.ts).
  'AssistantCatalogue.assistants': 110,
  'Assistant.starters': 4,
  'Query.mySessions': 50,
  'Query.chatFolders': 100,
  'Query.fileFolders': 100,
  'Query.chatShares': 50,
  'Query.videosInTheMaking': 50,
  'ReferralSummary.rewards': 100,
  // A compare asks 4 assistants at most (schema/compare.graphql); each chat page's prompts read theirs.
  'CompareTurn.answers': 4,
  'ComparePayload.answers': 4,
  // An answer cites at most 8 passages of files (knowledge/core/retrieve.ts MAX_SOURCES) and 10 web
  // results (WEB_SEARCH_RESULTS), or the 20 pages a self-searching provider cites (providers.ts).
  'Message.sources': 20,
  // An answer makes at most MCP_MAX_CALLS_PER_ANSWER tool calls (at most 10; modules/tools/settings.ts).
  'Message.toolCalls': 10,
  'Subscription.answerToolCalls': 10,
  // A report group counts its 7 reasons and shows its latest 20 notes (moderation/core/reports.ts).
  'ReportGroup.reasons': 7,
  'ReportGroup.notes': 20,
  'AnswerEvent.sources': 20,
  // A chat reads at most 20 files (chat/core/chatFiles.ts MAX_CHAT_FILES).
  'Chat.files': 20,
  // A chat holds at most 50 documents (documents/core/schemas.ts DOCUMENTS_PER_CHAT).
  'Chat.documents': 50,
  'SharedChat.documents': 50,
  // A shared compare holds the answers of one (schema/shares.graphql).
  'SharedCompare.answers': 4,
  // The admin console (schema/admin.graphql): 5 plans × 4 features, the queue's tasks, the
  // assistants and video services, and at most 90 days (moderation/core/numbers.ts).
  'AdminQuery.planLimits': 20,
  'JobsOverview.depth': 50,
  'AdminQuery.providers': 50,
  'NumbersReport.days': 90,
  // Every notification kind there is (notifications/core/notifications.ts), muted or not.
  'NotificationSettings.kinds': 20,
  'NotificationSettings.muted': 20,
  // One's 200 prompts and friends' newest 100 shared ones (prompts/core/prompts.ts), each's 20 placeholders.
  'Query.prompts': 300,
  'SavedPrompt.variables': 20,
  // A page holds 20 top-level comments, each with at most 30 replies (comments/core/comments.ts).
  'CommentPage.comments': 20,
  'Comment.replies': 30,
  // A person has at most 10 webhook endpoints, each of the 5 events; a delivery makes at most 11
  // attempts (webhooks/core/events.ts, settings.ts WEBHOOKS_RETRY_DELAYS_SECONDS: up to 10 retries).
  'Query.webhookEndpoints': 10,
  'WebhookEndpoint.events': 5,
  'WebhookDelivery.attemptLog': 11,
  // A person's API tokens, newest first (tokens/core/tokens.ts LIST_SIZE).
  'Query.apiTokens': 100,
};

export interface CostInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/** The cost of the operation that runs (the named one, or the only one); 0 when there is none. */
export function operationCost({ schema, document, operationName, variables }: CostInput): number {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) return 0;
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  }
  const variableDefaults = new Map<string, ValueNode>();
  for (const v of operation.variableDefinitions ?? []) {
    if (v.defaultValue) variableDefaults.set(v.variable.name.value, v.defaultValue);
  }
  const vars = variables ?? {};

  const intOf = (value: ValueNode | undefined): number | undefined => {
    if (!value) return undefined;
    if (value.kind === Kind.INT) return Number.parseInt(value.value, 10);
    if (value.kind === Kind.VARIABLE) {
      const name = value.name.value;
      const given = vars[name];
      if (typeof given === 'number' && Number.isFinite(given)) return Math.trunc(given);
      // A string is what graphql would refuse for an Int; an absent one takes its default.
      if (given === undefined) return intOf(variableDefaults.get(name));
    }
    return undefined;
  };

  const pageSize = (
    node: { arguments?: readonly { name: { value: string }; value: ValueNode }[] },
    field: GraphQLField<unknown, unknown>,
  ): number | undefined => {
    for (const name of PAGE_ARGUMENTS) {
      const arg = field.args.find((a) => a.name === name);
      if (!arg) continue;
      const given = intOf(node.arguments?.find((a) => a.name.value === name)?.value);
      const size = given ?? (typeof arg.defaultValue === 'number' ? arg.defaultValue : undefined);
      if (size !== undefined) return Math.max(1, size);
    }
    return undefined;
  };

  const costOf = (
    selectionSet: SelectionSetNode,
    parent: GraphQLNamedType,
    enclosingPage: number | undefined,
    visiting: Set<string>,
  ): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (type) total += costOf(selection.selectionSet, type, enclosingPage, visiting);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // A cycle is a validation error of its own; count it once here.
        if (!fragment || visiting.has(name)) continue;
        const type = schema.getType(fragment.typeCondition.name.value);
        if (!type) continue;
        visiting.add(name);
        total += costOf(fragment.selectionSet, type, enclosingPage, visiting);
        visiting.delete(name);
        continue;
      }
      const name = selection.name.value;
      // __typename is free; introspection (__schema, __type) is the explorer's and has no lists of ours.
      if (name.startsWith('__')) continue;
      if (!(isObjectType(parent) || isInterfaceType(parent))) continue;
      const field = parent.getFields()[name];
      if (!field) continue;
      const named = getNamedType(field.type);
      total += 1;
      if (!selection.selectionSet || !isCompositeType(named)) continue;
      const own = pageSize(selection, field);
      const isList = isListType(getNullableType(field.type));
      const size = isList
        ? (own ?? enclosingPage ?? KNOWN_LIST_SIZES[`${parent.name}.${name}`] ?? COST_LIMITS.unpagedListSize)
        : 1;
      // A page object (chatPage(first: 40)) passes its size to the list inside it.
      const inner = costOf(selection.selectionSet, named, isList ? undefined : own, visiting);
      total += size * inner;
    }
    return total;
  };

  return costOf(operation.selectionSet, root, undefined, new Set());
}

/** The refusal of an operation over COST_LIMITS.maxCost, or null when it may run. */
export function costRefusal(input: CostInput): GraphQLError | null {
  const cost = operationCost(input);
  if (cost <= COST_LIMITS.maxCost) return null;
  return new GraphQLError(
    `Query Cost limit of ${COST_LIMITS.maxCost} exceeded, found ${cost}: ask for smaller pages (first/last/limit) ` +
      'or fewer nested lists.',
    // The code graphql-armor's cost rule gave (a validation failure), so clients read it as before.
    { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', cost, maxCost: COST_LIMITS.maxCost } },
  );
}
