/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment ViewerFields on User {\n    id\n    username\n    email\n    displayName\n    avatar\n    bio\n    points\n    createdAt\n    lastActive\n  }\n": typeof types.ViewerFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...ViewerFields\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...ViewerFields\n      }\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  fragment SubscriptionFields on UserSubscription {\n    planType\n    status\n    currentPeriodStart\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    hasBillingAccount\n  }\n": typeof types.SubscriptionFieldsFragmentDoc,
    "\n  query MySubscription {\n    mySubscription {\n      ...SubscriptionFields\n    }\n  }\n": typeof types.MySubscriptionDocument,
    "\n  query StripeConfig {\n    stripeConfig {\n      publishableKey\n      mode\n    }\n  }\n": typeof types.StripeConfigDocument,
    "\n  mutation CreateCheckoutSession($planType: String!, $from: String) {\n    createCheckoutSession(planType: $planType, from: $from) {\n      sessionId\n      url\n      portal\n    }\n  }\n": typeof types.CreateCheckoutSessionDocument,
    "\n  mutation ProcessCheckoutSession($sessionId: String!) {\n    processCheckoutSession(sessionId: $sessionId) {\n      success\n      message\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n": typeof types.ProcessCheckoutSessionDocument,
    "\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n": typeof types.CreatePortalSessionDocument,
    "\n  fragment AssistantFields on Assistant {\n    id\n    name\n    shortName\n    color\n    command\n    initial\n    isDefault\n    kind\n    description\n    offline\n    vision\n  }\n": typeof types.AssistantFieldsFragmentDoc,
    "\n  query Catalogue {\n    catalogue {\n      version\n      assistants {\n        ...AssistantFields\n      }\n    }\n  }\n": typeof types.CatalogueDocument,
    "\n  fragment ChatFields on Chat {\n    id\n    title\n    activeModel\n    mode\n    createdAt\n    updatedAt\n  }\n": typeof types.ChatFieldsFragmentDoc,
    "\n  fragment MessageFields on Message {\n    id\n    chatId\n    role\n    content\n    model\n    status\n    error\n    createdAt\n    images\n  }\n": typeof types.MessageFieldsFragmentDoc,
    "\n  query Chats {\n    chats {\n      ...ChatFields\n    }\n  }\n": typeof types.ChatsDocument,
    "\n  query ChatView($id: ID!) {\n    chat(id: $id) {\n      ...ChatFields\n      messages {\n        ...MessageFields\n      }\n    }\n  }\n": typeof types.ChatViewDocument,
    "\n  query PromptAllowance {\n    allowance(feature: \"prompts\") {\n      feature\n      plan\n      limit\n      used\n      remaining\n    }\n  }\n": typeof types.PromptAllowanceDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      chat {\n        ...ChatFields\n      }\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n      modelChanged\n      activeModel\n    }\n  }\n": typeof types.SendMessageDocument,
    "\n  mutation RenameChat($id: ID!, $title: String!) {\n    renameChat(id: $id, title: $title) {\n      ...ChatFields\n    }\n  }\n": typeof types.RenameChatDocument,
    "\n  mutation DeleteChat($id: ID!) {\n    deleteChat(id: $id)\n  }\n": typeof types.DeleteChatDocument,
    "\n  mutation StopGeneration($messageId: ID!) {\n    stopGeneration(messageId: $messageId) {\n      id\n      status\n    }\n  }\n": typeof types.StopGenerationDocument,
    "\n  mutation Regenerate($messageId: ID!) {\n    regenerate(messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n": typeof types.RegenerateDocument,
    "\n  subscription AnswerStream($messageId: ID!) {\n    answerStream(messageId: $messageId) {\n      messageId\n      kind\n      offset\n      text\n      status\n      error\n    }\n  }\n": typeof types.AnswerStreamDocument,
    "\n  query Memories {\n    memories {\n      id\n      content\n      createdAt\n    }\n  }\n": typeof types.MemoriesDocument,
    "\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id)\n  }\n": typeof types.DeleteMemoryDocument,
    "\n  query MySettings {\n    mySettings {\n      darkMode\n      allowNotifications\n      enableSounds\n      enableStreaming\n      memoryEnabled\n    }\n  }\n": typeof types.MySettingsDocument,
    "\n  mutation UpdateSettings($input: UserSettingsInput!) {\n    updateSettings(input: $input) {\n      darkMode\n      allowNotifications\n      enableSounds\n      enableStreaming\n      memoryEnabled\n    }\n  }\n": typeof types.UpdateSettingsDocument,
};
const documents: Documents = {
    "\n  fragment ViewerFields on User {\n    id\n    username\n    email\n    displayName\n    avatar\n    bio\n    points\n    createdAt\n    lastActive\n  }\n": types.ViewerFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n": types.MeDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...ViewerFields\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...ViewerFields\n      }\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  fragment SubscriptionFields on UserSubscription {\n    planType\n    status\n    currentPeriodStart\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    hasBillingAccount\n  }\n": types.SubscriptionFieldsFragmentDoc,
    "\n  query MySubscription {\n    mySubscription {\n      ...SubscriptionFields\n    }\n  }\n": types.MySubscriptionDocument,
    "\n  query StripeConfig {\n    stripeConfig {\n      publishableKey\n      mode\n    }\n  }\n": types.StripeConfigDocument,
    "\n  mutation CreateCheckoutSession($planType: String!, $from: String) {\n    createCheckoutSession(planType: $planType, from: $from) {\n      sessionId\n      url\n      portal\n    }\n  }\n": types.CreateCheckoutSessionDocument,
    "\n  mutation ProcessCheckoutSession($sessionId: String!) {\n    processCheckoutSession(sessionId: $sessionId) {\n      success\n      message\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n": types.ProcessCheckoutSessionDocument,
    "\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n": types.CreatePortalSessionDocument,
    "\n  fragment AssistantFields on Assistant {\n    id\n    name\n    shortName\n    color\n    command\n    initial\n    isDefault\n    kind\n    description\n    offline\n    vision\n  }\n": types.AssistantFieldsFragmentDoc,
    "\n  query Catalogue {\n    catalogue {\n      version\n      assistants {\n        ...AssistantFields\n      }\n    }\n  }\n": types.CatalogueDocument,
    "\n  fragment ChatFields on Chat {\n    id\n    title\n    activeModel\n    mode\n    createdAt\n    updatedAt\n  }\n": types.ChatFieldsFragmentDoc,
    "\n  fragment MessageFields on Message {\n    id\n    chatId\n    role\n    content\n    model\n    status\n    error\n    createdAt\n    images\n  }\n": types.MessageFieldsFragmentDoc,
    "\n  query Chats {\n    chats {\n      ...ChatFields\n    }\n  }\n": types.ChatsDocument,
    "\n  query ChatView($id: ID!) {\n    chat(id: $id) {\n      ...ChatFields\n      messages {\n        ...MessageFields\n      }\n    }\n  }\n": types.ChatViewDocument,
    "\n  query PromptAllowance {\n    allowance(feature: \"prompts\") {\n      feature\n      plan\n      limit\n      used\n      remaining\n    }\n  }\n": types.PromptAllowanceDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      chat {\n        ...ChatFields\n      }\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n      modelChanged\n      activeModel\n    }\n  }\n": types.SendMessageDocument,
    "\n  mutation RenameChat($id: ID!, $title: String!) {\n    renameChat(id: $id, title: $title) {\n      ...ChatFields\n    }\n  }\n": types.RenameChatDocument,
    "\n  mutation DeleteChat($id: ID!) {\n    deleteChat(id: $id)\n  }\n": types.DeleteChatDocument,
    "\n  mutation StopGeneration($messageId: ID!) {\n    stopGeneration(messageId: $messageId) {\n      id\n      status\n    }\n  }\n": types.StopGenerationDocument,
    "\n  mutation Regenerate($messageId: ID!) {\n    regenerate(messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n": types.RegenerateDocument,
    "\n  subscription AnswerStream($messageId: ID!) {\n    answerStream(messageId: $messageId) {\n      messageId\n      kind\n      offset\n      text\n      status\n      error\n    }\n  }\n": types.AnswerStreamDocument,
    "\n  query Memories {\n    memories {\n      id\n      content\n      createdAt\n    }\n  }\n": types.MemoriesDocument,
    "\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id)\n  }\n": types.DeleteMemoryDocument,
    "\n  query MySettings {\n    mySettings {\n      darkMode\n      allowNotifications\n      enableSounds\n      enableStreaming\n      memoryEnabled\n    }\n  }\n": types.MySettingsDocument,
    "\n  mutation UpdateSettings($input: UserSettingsInput!) {\n    updateSettings(input: $input) {\n      darkMode\n      allowNotifications\n      enableSounds\n      enableStreaming\n      memoryEnabled\n    }\n  }\n": types.UpdateSettingsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ViewerFields on User {\n    id\n    username\n    email\n    displayName\n    avatar\n    bio\n    points\n    createdAt\n    lastActive\n  }\n"): (typeof documents)["\n  fragment ViewerFields on User {\n    id\n    username\n    email\n    displayName\n    avatar\n    bio\n    points\n    createdAt\n    lastActive\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...ViewerFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...ViewerFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...ViewerFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...ViewerFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SubscriptionFields on UserSubscription {\n    planType\n    status\n    currentPeriodStart\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    hasBillingAccount\n  }\n"): (typeof documents)["\n  fragment SubscriptionFields on UserSubscription {\n    planType\n    status\n    currentPeriodStart\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    hasBillingAccount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySubscription {\n    mySubscription {\n      ...SubscriptionFields\n    }\n  }\n"): (typeof documents)["\n  query MySubscription {\n    mySubscription {\n      ...SubscriptionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StripeConfig {\n    stripeConfig {\n      publishableKey\n      mode\n    }\n  }\n"): (typeof documents)["\n  query StripeConfig {\n    stripeConfig {\n      publishableKey\n      mode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCheckoutSession($planType: String!, $from: String) {\n    createCheckoutSession(planType: $planType, from: $from) {\n      sessionId\n      url\n      portal\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCheckoutSession($planType: String!, $from: String) {\n    createCheckoutSession(planType: $planType, from: $from) {\n      sessionId\n      url\n      portal\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProcessCheckoutSession($sessionId: String!) {\n    processCheckoutSession(sessionId: $sessionId) {\n      success\n      message\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ProcessCheckoutSession($sessionId: String!) {\n    processCheckoutSession(sessionId: $sessionId) {\n      success\n      message\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AssistantFields on Assistant {\n    id\n    name\n    shortName\n    color\n    command\n    initial\n    isDefault\n    kind\n    description\n    offline\n    vision\n  }\n"): (typeof documents)["\n  fragment AssistantFields on Assistant {\n    id\n    name\n    shortName\n    color\n    command\n    initial\n    isDefault\n    kind\n    description\n    offline\n    vision\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Catalogue {\n    catalogue {\n      version\n      assistants {\n        ...AssistantFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Catalogue {\n    catalogue {\n      version\n      assistants {\n        ...AssistantFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatFields on Chat {\n    id\n    title\n    activeModel\n    mode\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment ChatFields on Chat {\n    id\n    title\n    activeModel\n    mode\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MessageFields on Message {\n    id\n    chatId\n    role\n    content\n    model\n    status\n    error\n    createdAt\n    images\n  }\n"): (typeof documents)["\n  fragment MessageFields on Message {\n    id\n    chatId\n    role\n    content\n    model\n    status\n    error\n    createdAt\n    images\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Chats {\n    chats {\n      ...ChatFields\n    }\n  }\n"): (typeof documents)["\n  query Chats {\n    chats {\n      ...ChatFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatView($id: ID!) {\n    chat(id: $id) {\n      ...ChatFields\n      messages {\n        ...MessageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ChatView($id: ID!) {\n    chat(id: $id) {\n      ...ChatFields\n      messages {\n        ...MessageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PromptAllowance {\n    allowance(feature: \"prompts\") {\n      feature\n      plan\n      limit\n      used\n      remaining\n    }\n  }\n"): (typeof documents)["\n  query PromptAllowance {\n    allowance(feature: \"prompts\") {\n      feature\n      plan\n      limit\n      used\n      remaining\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      chat {\n        ...ChatFields\n      }\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n      modelChanged\n      activeModel\n    }\n  }\n"): (typeof documents)["\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      chat {\n        ...ChatFields\n      }\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n      modelChanged\n      activeModel\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameChat($id: ID!, $title: String!) {\n    renameChat(id: $id, title: $title) {\n      ...ChatFields\n    }\n  }\n"): (typeof documents)["\n  mutation RenameChat($id: ID!, $title: String!) {\n    renameChat(id: $id, title: $title) {\n      ...ChatFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteChat($id: ID!) {\n    deleteChat(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteChat($id: ID!) {\n    deleteChat(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StopGeneration($messageId: ID!) {\n    stopGeneration(messageId: $messageId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation StopGeneration($messageId: ID!) {\n    stopGeneration(messageId: $messageId) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Regenerate($messageId: ID!) {\n    regenerate(messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation Regenerate($messageId: ID!) {\n    regenerate(messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AnswerStream($messageId: ID!) {\n    answerStream(messageId: $messageId) {\n      messageId\n      kind\n      offset\n      text\n      status\n      error\n    }\n  }\n"): (typeof documents)["\n  subscription AnswerStream($messageId: ID!) {\n    answerStream(messageId: $messageId) {\n      messageId\n      kind\n      offset\n      text\n      status\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Memories {\n    memories {\n      id\n      content\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query Memories {\n    memories {\n      id\n      content\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySettings {\n    mySettings {\n      darkMode\n      allowNotifications\n      enableSounds\n      enableStreaming\n      memoryEnabled\n    }\n  }\n"): (typeof documents)["\n  query MySettings {\n    mySettings {\n      darkMode\n      allowNotifications\n      enableSounds\n      enableStreaming\n      memoryEnabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSettings($input: UserSettingsInput!) {\n    updateSettings(input: $input) {\n      darkMode\n      allowNotifications\n      enableSounds\n      enableStreaming\n      memoryEnabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSettings($input: UserSettingsInput!) {\n    updateSettings(input: $input) {\n      darkMode\n      allowNotifications\n      enableSounds\n      enableStreaming\n      memoryEnabled\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;