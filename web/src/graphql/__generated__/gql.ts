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
    "\n  fragment ViewerFields on User {\n    id\n    username\n    email\n    displayName\n    avatar\n    bio\n    points\n    createdAt\n    lastActive\n    emailVerified\n    passwordChangedAt\n  }\n": typeof types.ViewerFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n": typeof types.MeDocument,
    "\n  fragment AuthPayloadFields on AuthPayload {\n    user {\n      ...ViewerFields\n    }\n    twoFactorRequired\n    methods\n  }\n": typeof types.AuthPayloadFieldsFragmentDoc,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation LoginSecondFactor($code: String!) {\n    loginSecondFactor(code: $code) {\n      ...AuthPayloadFields\n    }\n  }\n": typeof types.LoginSecondFactorDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  fragment UserSettingsFields on UserSettings {\n    darkMode\n    allowNotifications\n    enableSounds\n    enableStreaming\n    memoryEnabled\n}\n": typeof types.UserSettingsFieldsFragmentDoc,
    "\n  query MySettings {\n    mySettings {\n      ...UserSettingsFields\n    }\n  }\n": typeof types.MySettingsDocument,
    "\n  mutation UpdateSettings($input: UserSettingsInput!) {\n    updateSettings(input: $input) {\n      ...UserSettingsFields\n    }\n  }\n": typeof types.UpdateSettingsDocument,
    "\n  fragment SubscriptionFields on UserSubscription {\n    planType\n    status\n    currentPeriodStart\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    hasBillingAccount\n  }\n": typeof types.SubscriptionFieldsFragmentDoc,
    "\n  query MySubscription {\n    mySubscription {\n      ...SubscriptionFields\n    }\n  }\n": typeof types.MySubscriptionDocument,
    "\n  mutation ProcessCheckoutSession($sessionId: String!) {\n    processCheckoutSession(sessionId: $sessionId) {\n      success\n      message\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n": typeof types.ProcessCheckoutSessionDocument,
    "\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n": typeof types.CreatePortalSessionDocument,
    "\n  fragment AssistantFields on Assistant {\n    id\n    name\n    shortName\n    color\n    command\n    initial\n    isDefault\n    kind\n    description\n    offline\n    vision\n  }\n": typeof types.AssistantFieldsFragmentDoc,
    "\n  query Catalogue {\n    catalogue {\n      version\n      assistants {\n        ...AssistantFields\n      }\n    }\n  }\n": typeof types.CatalogueDocument,
    "\n  fragment ChatFields on Chat {\n    id\n    title\n    activeModel\n    mode\n    folderId\n    pinned\n    createdAt\n    updatedAt\n  }\n": typeof types.ChatFieldsFragmentDoc,
    "\n  fragment MessageFields on Message {\n    id\n    chatId\n    role\n    content\n    model\n    status\n    error\n    createdAt\n    images\n    parentId\n    siblingIds\n    tokens\n    modelName\n  }\n": typeof types.MessageFieldsFragmentDoc,
    "\n  query Chats($after: String) {\n    chatPage(first: 40, after: $after) {\n      chats {\n        ...ChatFields\n      }\n      nextCursor\n    }\n  }\n": typeof types.ChatsDocument,
    "\n  query ChatView($id: ID!) {\n    chat(id: $id) {\n      ...ChatFields\n    }\n    messagePage(chatId: $id, last: 30) {\n      messages {\n        ...MessageFields\n      }\n      olderCursor\n    }\n  }\n": typeof types.ChatViewDocument,
    "\n  query OlderMessages($chatId: ID!, $before: ID!) {\n    messagePage(chatId: $chatId, last: 30, before: $before) {\n      messages {\n        ...MessageFields\n      }\n      olderCursor\n    }\n  }\n": typeof types.OlderMessagesDocument,
    "\n  fragment AllowanceFields on Allowance {\n    feature\n    plan\n    limit\n    used\n    remaining\n  }\n": typeof types.AllowanceFieldsFragmentDoc,
    "\n  query PromptAllowance {\n    allowance(feature: \"prompts\") {\n      ...AllowanceFields\n    }\n  }\n": typeof types.PromptAllowanceDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      chat {\n        ...ChatFields\n      }\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n      modelChanged\n      activeModel\n    }\n  }\n": typeof types.SendMessageDocument,
    "\n  mutation RenameChat($id: ID!, $title: String!) {\n    renameChat(id: $id, title: $title) {\n      ...ChatFields\n    }\n  }\n": typeof types.RenameChatDocument,
    "\n  mutation DeleteChat($id: ID!) {\n    deleteChat(id: $id)\n  }\n": typeof types.DeleteChatDocument,
    "\n  mutation StopGeneration($messageId: ID!) {\n    stopGeneration(messageId: $messageId) {\n      id\n      status\n    }\n  }\n": typeof types.StopGenerationDocument,
    "\n  mutation Regenerate($messageId: ID!) {\n    regenerate(messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n": typeof types.RegenerateDocument,
    "\n  mutation EditMessage($messageId: ID!, $content: String!) {\n    editMessage(messageId: $messageId, content: $content) {\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n    }\n  }\n": typeof types.EditMessageDocument,
    "\n  mutation SelectMessageVersion($chatId: ID!, $messageId: ID!) {\n    selectMessageVersion(chatId: $chatId, messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n": typeof types.SelectMessageVersionDocument,
    "\n  subscription AnswerStream($messageId: ID!) {\n    answerStream(messageId: $messageId) {\n      messageId\n      kind\n      offset\n      text\n      status\n      error\n      tokens\n      modelName\n    }\n  }\n": typeof types.AnswerStreamDocument,
    "\n  query Memories {\n    memories {\n      id\n      content\n      createdAt\n    }\n  }\n": typeof types.MemoriesDocument,
    "\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id)\n  }\n": typeof types.DeleteMemoryDocument,
    "\n  fragment ChatFolderFields on ChatFolder {\n    id\n    name\n    position\n  }\n": typeof types.ChatFolderFieldsFragmentDoc,
    "\n  query ChatFolders {\n    chatFolders {\n      ...ChatFolderFields\n    }\n  }\n": typeof types.ChatFoldersDocument,
    "\n  mutation CreateChatFolder($name: String!) {\n    createChatFolder(name: $name) {\n      ...ChatFolderFields\n    }\n  }\n": typeof types.CreateChatFolderDocument,
    "\n  mutation RenameChatFolder($id: ID!, $name: String!) {\n    updateChatFolder(id: $id, input: { name: $name }) {\n      ...ChatFolderFields\n    }\n  }\n": typeof types.RenameChatFolderDocument,
    "\n  mutation DeleteChatFolder($id: ID!) {\n    deleteChatFolder(id: $id)\n  }\n": typeof types.DeleteChatFolderDocument,
    "\n  mutation MoveChatToFolder($chatId: ID!, $folderId: ID) {\n    moveChatToFolder(chatId: $chatId, folderId: $folderId) {\n      id\n      folderId\n    }\n  }\n": typeof types.MoveChatToFolderDocument,
    "\n  mutation SetChatPinned($chatId: ID!, $pinned: Boolean!) {\n    setChatPinned(chatId: $chatId, pinned: $pinned) {\n      id\n      pinned\n    }\n  }\n": typeof types.SetChatPinnedDocument,
    "\n  query MyFiles {\n    files {\n      id\n      name\n      contentType\n      size\n      uploadedAt\n      downloadUrl\n    }\n    storageUsage {\n      plan\n      usedBytes\n      quotaBytes\n      uploadsBytes\n      imagesBytes\n      videosBytes\n      maxUploadBytes\n    }\n  }\n": typeof types.MyFilesDocument,
    "\n  mutation DeleteFile($id: ID!) {\n    deleteFile(id: $id)\n  }\n": typeof types.DeleteFileDocument,
    "\n  query SearchChats($query: String!, $limit: Int) {\n    search(query: $query, limit: $limit) {\n      chatId\n      chatTitle\n      messageId\n      snippet\n      createdAt\n    }\n  }\n": typeof types.SearchChatsDocument,
    "\n  fragment ChatShareFields on ChatShare {\n    token\n    url\n    title\n    messageCount\n    createdAt\n  }\n": typeof types.ChatShareFieldsFragmentDoc,
    "\n  query ChatShares($chatId: ID!) {\n    chatShares(chatId: $chatId) {\n      ...ChatShareFields\n    }\n  }\n": typeof types.ChatSharesDocument,
    "\n  mutation CreateChatShare($chatId: ID!) {\n    createChatShare(chatId: $chatId) {\n      ...ChatShareFields\n    }\n  }\n": typeof types.CreateChatShareDocument,
    "\n  mutation RevokeChatShare($token: String!) {\n    revokeChatShare(token: $token)\n  }\n": typeof types.RevokeChatShareDocument,
    "\n  mutation SendChatShare($token: String!, $friendId: ID!) {\n    sendChatShare(token: $token, friendId: $friendId) {\n      id\n      conversationId\n    }\n  }\n": typeof types.SendChatShareDocument,
    "\n  query ShareFriends {\n    friends {\n      id\n      username\n      displayName\n    }\n  }\n": typeof types.ShareFriendsDocument,
    "\n  fragment FriendFields on Friend {\n    id\n    username\n    displayName\n    avatar\n    lastActive\n    online\n  }\n": typeof types.FriendFieldsFragmentDoc,
    "\n  query Friends {\n    friends {\n      ...FriendFields\n    }\n    friendships {\n      id\n      status\n      direction\n      createdAt\n      other {\n        ...FriendFields\n      }\n    }\n  }\n": typeof types.FriendsDocument,
    "\n  mutation SendFriendRequest($username: String!) {\n    sendFriendRequest(username: $username) {\n      accepted\n      friendship {\n        id\n        status\n      }\n    }\n  }\n": typeof types.SendFriendRequestDocument,
    "\n  mutation AcceptFriendRequest($id: ID!) {\n    acceptFriendRequest(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.AcceptFriendRequestDocument,
    "\n  mutation DeclineFriendRequest($id: ID!) {\n    declineFriendRequest(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.DeclineFriendRequestDocument,
    "\n  mutation RemoveFriend($friendId: ID!) {\n    removeFriend(friendId: $friendId)\n  }\n": typeof types.RemoveFriendDocument,
    "\n  fragment DirectMessageFields on DirectMessage {\n    id\n    conversationId\n    senderId\n    content\n    createdAt\n    readAt\n  }\n": typeof types.DirectMessageFieldsFragmentDoc,
    "\n  fragment ConversationFields on Conversation {\n    id\n    unreadCount\n    updatedAt\n    participant {\n      ...FriendFields\n    }\n    lastMessage {\n      ...DirectMessageFields\n    }\n}\n": typeof types.ConversationFieldsFragmentDoc,
    "\n  query Conversations($search: String) {\n    conversations(search: $search) {\n      ...ConversationFields\n    }\n  }\n": typeof types.ConversationsDocument,
    "\n  query DirectMessages($conversationId: ID!, $before: ID, $limit: Int) {\n    directMessages(conversationId: $conversationId, before: $before, limit: $limit) {\n      hasMore\n      messages {\n        ...DirectMessageFields\n      }\n    }\n  }\n": typeof types.DirectMessagesDocument,
    "\n  mutation OpenConversation($friendId: ID!) {\n    openConversation(friendId: $friendId) {\n      ...ConversationFields\n    }\n  }\n": typeof types.OpenConversationDocument,
    "\n  mutation SendDirectMessage($conversationId: ID!, $content: String!) {\n    sendDirectMessage(conversationId: $conversationId, content: $content) {\n      ...DirectMessageFields\n    }\n  }\n": typeof types.SendDirectMessageDocument,
    "\n  mutation MarkConversationRead($conversationId: ID!) {\n    markConversationRead(conversationId: $conversationId) {\n      id\n      unreadCount\n    }\n  }\n": typeof types.MarkConversationReadDocument,
    "\n  subscription SocialEvents {\n    socialEvents {\n      kind\n      friendshipId\n      conversationId\n      friend {\n        ...FriendFields\n      }\n      message {\n        ...DirectMessageFields\n      }\n    }\n  }\n": typeof types.SocialEventsDocument,
    "\n  query Invitations {\n    invitations {\n      id\n      type\n      email\n      phone\n      status\n      createdAt\n    }\n    referrals {\n      points\n      friendsJoined\n      rewards {\n        id\n        name\n        description\n        required\n        progress\n        unlocked\n      }\n    }\n  }\n": typeof types.InvitationsDocument,
    "\n  mutation GenerateInvitation {\n    generateInvitation(type: \"app\") {\n      token\n    }\n  }\n": typeof types.GenerateInvitationDocument,
    "\n  fragment SentInvitationFields on SentInvitation {\n    previewUrl\n    invitation {\n      id\n    }\n}\n": typeof types.SentInvitationFieldsFragmentDoc,
    "\n  mutation SendEmailInvitation($email: String!) {\n    sendEmailInvitation(email: $email) {\n      ...SentInvitationFields\n    }\n  }\n": typeof types.SendEmailInvitationDocument,
    "\n  mutation SendSmsInvitation($phoneNumber: String!, $message: String) {\n    sendSmsInvitation(phoneNumber: $phoneNumber, message: $message) {\n      ...SentInvitationFields\n    }\n  }\n": typeof types.SendSmsInvitationDocument,
    "\n  fragment VideoJobFields on VideoJob {\n    id\n    prompt\n    duration\n    seconds\n    size\n    status\n    progress\n    error\n    provider\n    model\n    preview\n    sourceFileId\n    sourceVideoId\n    sourceFrameSeconds\n    videoUrl\n    downloadUrl\n    thumbnailUrl\n    createdAt\n  }\n": typeof types.VideoJobFieldsFragmentDoc,
    "\n  fragment PostFields on Post {\n    id\n    videoId\n    slug\n    title\n    description\n    prompt\n    tags\n    duration\n    seconds\n    size\n    videoUrl\n    thumbnailUrl\n    isPublic\n    likes\n    views\n    likedByMe\n    preview\n    mine\n    author {\n      username\n      displayName\n    }\n    createdAt\n    updatedAt\n  }\n": typeof types.PostFieldsFragmentDoc,
    "\n  query VideoJob($id: ID!) {\n    videoJob(id: $id) {\n      ...VideoJobFields\n    }\n  }\n": typeof types.VideoJobDocument,
    "\n  subscription VideoJobUpdates($id: ID!) {\n    videoJobUpdates(id: $id) {\n      ...VideoJobFields\n    }\n  }\n": typeof types.VideoJobUpdatesDocument,
    "\n  query VideoAllowance {\n    allowance(feature: \"videos\") {\n      ...AllowanceFields\n    }\n  }\n": typeof types.VideoAllowanceDocument,
    "\n  mutation GenerateVideo($input: GenerateVideoInput!) {\n    generateVideo(input: $input) {\n      ...VideoJobFields\n    }\n  }\n": typeof types.GenerateVideoDocument,
    "\n  mutation SavePost($input: SavePostInput!) {\n    savePost(input: $input) {\n      ...PostFields\n    }\n  }\n": typeof types.SavePostDocument,
    "\n  mutation UpdatePost($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      ...PostFields\n    }\n  }\n": typeof types.UpdatePostDocument,
    "\n  mutation DeletePost($id: ID!) {\n    deletePost(id: $id)\n  }\n": typeof types.DeletePostDocument,
    "\n  mutation ToggleLike($postId: ID!) {\n    toggleLike(postId: $postId) {\n      id\n      likes\n      likedByMe\n    }\n  }\n": typeof types.ToggleLikeDocument,
    "\n  query MyPosts {\n    myPosts {\n      ...PostFields\n    }\n  }\n": typeof types.MyPostsDocument,
    "\n  fragment RenderEstimateFields on VideoRenderEstimate {\n    duration\n    seconds\n    measured\n  }\n": typeof types.RenderEstimateFieldsFragmentDoc,
    "\n  query VideoOptions {\n    videoOptions {\n      provider\n      preview\n      durations\n      sizes\n      maxHeight\n      renderEstimates {\n        ...RenderEstimateFields\n      }\n    }\n  }\n": typeof types.VideoOptionsDocument,
    "\n  query VideoModels {\n    videoModels {\n      id\n      provider\n      kind\n      model\n      label\n      preview\n      durations\n      sizes\n      aspectRatios\n      audio\n      imageInput\n      promptExpansion\n      maxHeight\n      renderEstimates {\n        ...RenderEstimateFields\n      }\n    }\n  }\n": typeof types.VideoModelsDocument,
    "\n  mutation CancelVideo($id: ID!) {\n    cancelVideo(id: $id) {\n      id\n      status\n      error\n    }\n  }\n": typeof types.CancelVideoDocument,
};
const documents: Documents = {
    "\n  fragment ViewerFields on User {\n    id\n    username\n    email\n    displayName\n    avatar\n    bio\n    points\n    createdAt\n    lastActive\n    emailVerified\n    passwordChangedAt\n  }\n": types.ViewerFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n": types.MeDocument,
    "\n  fragment AuthPayloadFields on AuthPayload {\n    user {\n      ...ViewerFields\n    }\n    twoFactorRequired\n    methods\n  }\n": types.AuthPayloadFieldsFragmentDoc,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": types.LoginDocument,
    "\n  mutation LoginSecondFactor($code: String!) {\n    loginSecondFactor(code: $code) {\n      ...AuthPayloadFields\n    }\n  }\n": types.LoginSecondFactorDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...ViewerFields\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  fragment UserSettingsFields on UserSettings {\n    darkMode\n    allowNotifications\n    enableSounds\n    enableStreaming\n    memoryEnabled\n}\n": types.UserSettingsFieldsFragmentDoc,
    "\n  query MySettings {\n    mySettings {\n      ...UserSettingsFields\n    }\n  }\n": types.MySettingsDocument,
    "\n  mutation UpdateSettings($input: UserSettingsInput!) {\n    updateSettings(input: $input) {\n      ...UserSettingsFields\n    }\n  }\n": types.UpdateSettingsDocument,
    "\n  fragment SubscriptionFields on UserSubscription {\n    planType\n    status\n    currentPeriodStart\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    hasBillingAccount\n  }\n": types.SubscriptionFieldsFragmentDoc,
    "\n  query MySubscription {\n    mySubscription {\n      ...SubscriptionFields\n    }\n  }\n": types.MySubscriptionDocument,
    "\n  mutation ProcessCheckoutSession($sessionId: String!) {\n    processCheckoutSession(sessionId: $sessionId) {\n      success\n      message\n      subscription {\n        ...SubscriptionFields\n      }\n    }\n  }\n": types.ProcessCheckoutSessionDocument,
    "\n  mutation CreatePortalSession {\n    createPortalSession {\n      url\n    }\n  }\n": types.CreatePortalSessionDocument,
    "\n  fragment AssistantFields on Assistant {\n    id\n    name\n    shortName\n    color\n    command\n    initial\n    isDefault\n    kind\n    description\n    offline\n    vision\n  }\n": types.AssistantFieldsFragmentDoc,
    "\n  query Catalogue {\n    catalogue {\n      version\n      assistants {\n        ...AssistantFields\n      }\n    }\n  }\n": types.CatalogueDocument,
    "\n  fragment ChatFields on Chat {\n    id\n    title\n    activeModel\n    mode\n    folderId\n    pinned\n    createdAt\n    updatedAt\n  }\n": types.ChatFieldsFragmentDoc,
    "\n  fragment MessageFields on Message {\n    id\n    chatId\n    role\n    content\n    model\n    status\n    error\n    createdAt\n    images\n    parentId\n    siblingIds\n    tokens\n    modelName\n  }\n": types.MessageFieldsFragmentDoc,
    "\n  query Chats($after: String) {\n    chatPage(first: 40, after: $after) {\n      chats {\n        ...ChatFields\n      }\n      nextCursor\n    }\n  }\n": types.ChatsDocument,
    "\n  query ChatView($id: ID!) {\n    chat(id: $id) {\n      ...ChatFields\n    }\n    messagePage(chatId: $id, last: 30) {\n      messages {\n        ...MessageFields\n      }\n      olderCursor\n    }\n  }\n": types.ChatViewDocument,
    "\n  query OlderMessages($chatId: ID!, $before: ID!) {\n    messagePage(chatId: $chatId, last: 30, before: $before) {\n      messages {\n        ...MessageFields\n      }\n      olderCursor\n    }\n  }\n": types.OlderMessagesDocument,
    "\n  fragment AllowanceFields on Allowance {\n    feature\n    plan\n    limit\n    used\n    remaining\n  }\n": types.AllowanceFieldsFragmentDoc,
    "\n  query PromptAllowance {\n    allowance(feature: \"prompts\") {\n      ...AllowanceFields\n    }\n  }\n": types.PromptAllowanceDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      chat {\n        ...ChatFields\n      }\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n      modelChanged\n      activeModel\n    }\n  }\n": types.SendMessageDocument,
    "\n  mutation RenameChat($id: ID!, $title: String!) {\n    renameChat(id: $id, title: $title) {\n      ...ChatFields\n    }\n  }\n": types.RenameChatDocument,
    "\n  mutation DeleteChat($id: ID!) {\n    deleteChat(id: $id)\n  }\n": types.DeleteChatDocument,
    "\n  mutation StopGeneration($messageId: ID!) {\n    stopGeneration(messageId: $messageId) {\n      id\n      status\n    }\n  }\n": types.StopGenerationDocument,
    "\n  mutation Regenerate($messageId: ID!) {\n    regenerate(messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n": types.RegenerateDocument,
    "\n  mutation EditMessage($messageId: ID!, $content: String!) {\n    editMessage(messageId: $messageId, content: $content) {\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n    }\n  }\n": types.EditMessageDocument,
    "\n  mutation SelectMessageVersion($chatId: ID!, $messageId: ID!) {\n    selectMessageVersion(chatId: $chatId, messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n": types.SelectMessageVersionDocument,
    "\n  subscription AnswerStream($messageId: ID!) {\n    answerStream(messageId: $messageId) {\n      messageId\n      kind\n      offset\n      text\n      status\n      error\n      tokens\n      modelName\n    }\n  }\n": types.AnswerStreamDocument,
    "\n  query Memories {\n    memories {\n      id\n      content\n      createdAt\n    }\n  }\n": types.MemoriesDocument,
    "\n  mutation DeleteMemory($id: ID!) {\n    deleteMemory(id: $id)\n  }\n": types.DeleteMemoryDocument,
    "\n  fragment ChatFolderFields on ChatFolder {\n    id\n    name\n    position\n  }\n": types.ChatFolderFieldsFragmentDoc,
    "\n  query ChatFolders {\n    chatFolders {\n      ...ChatFolderFields\n    }\n  }\n": types.ChatFoldersDocument,
    "\n  mutation CreateChatFolder($name: String!) {\n    createChatFolder(name: $name) {\n      ...ChatFolderFields\n    }\n  }\n": types.CreateChatFolderDocument,
    "\n  mutation RenameChatFolder($id: ID!, $name: String!) {\n    updateChatFolder(id: $id, input: { name: $name }) {\n      ...ChatFolderFields\n    }\n  }\n": types.RenameChatFolderDocument,
    "\n  mutation DeleteChatFolder($id: ID!) {\n    deleteChatFolder(id: $id)\n  }\n": types.DeleteChatFolderDocument,
    "\n  mutation MoveChatToFolder($chatId: ID!, $folderId: ID) {\n    moveChatToFolder(chatId: $chatId, folderId: $folderId) {\n      id\n      folderId\n    }\n  }\n": types.MoveChatToFolderDocument,
    "\n  mutation SetChatPinned($chatId: ID!, $pinned: Boolean!) {\n    setChatPinned(chatId: $chatId, pinned: $pinned) {\n      id\n      pinned\n    }\n  }\n": types.SetChatPinnedDocument,
    "\n  query MyFiles {\n    files {\n      id\n      name\n      contentType\n      size\n      uploadedAt\n      downloadUrl\n    }\n    storageUsage {\n      plan\n      usedBytes\n      quotaBytes\n      uploadsBytes\n      imagesBytes\n      videosBytes\n      maxUploadBytes\n    }\n  }\n": types.MyFilesDocument,
    "\n  mutation DeleteFile($id: ID!) {\n    deleteFile(id: $id)\n  }\n": types.DeleteFileDocument,
    "\n  query SearchChats($query: String!, $limit: Int) {\n    search(query: $query, limit: $limit) {\n      chatId\n      chatTitle\n      messageId\n      snippet\n      createdAt\n    }\n  }\n": types.SearchChatsDocument,
    "\n  fragment ChatShareFields on ChatShare {\n    token\n    url\n    title\n    messageCount\n    createdAt\n  }\n": types.ChatShareFieldsFragmentDoc,
    "\n  query ChatShares($chatId: ID!) {\n    chatShares(chatId: $chatId) {\n      ...ChatShareFields\n    }\n  }\n": types.ChatSharesDocument,
    "\n  mutation CreateChatShare($chatId: ID!) {\n    createChatShare(chatId: $chatId) {\n      ...ChatShareFields\n    }\n  }\n": types.CreateChatShareDocument,
    "\n  mutation RevokeChatShare($token: String!) {\n    revokeChatShare(token: $token)\n  }\n": types.RevokeChatShareDocument,
    "\n  mutation SendChatShare($token: String!, $friendId: ID!) {\n    sendChatShare(token: $token, friendId: $friendId) {\n      id\n      conversationId\n    }\n  }\n": types.SendChatShareDocument,
    "\n  query ShareFriends {\n    friends {\n      id\n      username\n      displayName\n    }\n  }\n": types.ShareFriendsDocument,
    "\n  fragment FriendFields on Friend {\n    id\n    username\n    displayName\n    avatar\n    lastActive\n    online\n  }\n": types.FriendFieldsFragmentDoc,
    "\n  query Friends {\n    friends {\n      ...FriendFields\n    }\n    friendships {\n      id\n      status\n      direction\n      createdAt\n      other {\n        ...FriendFields\n      }\n    }\n  }\n": types.FriendsDocument,
    "\n  mutation SendFriendRequest($username: String!) {\n    sendFriendRequest(username: $username) {\n      accepted\n      friendship {\n        id\n        status\n      }\n    }\n  }\n": types.SendFriendRequestDocument,
    "\n  mutation AcceptFriendRequest($id: ID!) {\n    acceptFriendRequest(id: $id) {\n      id\n      status\n    }\n  }\n": types.AcceptFriendRequestDocument,
    "\n  mutation DeclineFriendRequest($id: ID!) {\n    declineFriendRequest(id: $id) {\n      id\n      status\n    }\n  }\n": types.DeclineFriendRequestDocument,
    "\n  mutation RemoveFriend($friendId: ID!) {\n    removeFriend(friendId: $friendId)\n  }\n": types.RemoveFriendDocument,
    "\n  fragment DirectMessageFields on DirectMessage {\n    id\n    conversationId\n    senderId\n    content\n    createdAt\n    readAt\n  }\n": types.DirectMessageFieldsFragmentDoc,
    "\n  fragment ConversationFields on Conversation {\n    id\n    unreadCount\n    updatedAt\n    participant {\n      ...FriendFields\n    }\n    lastMessage {\n      ...DirectMessageFields\n    }\n}\n": types.ConversationFieldsFragmentDoc,
    "\n  query Conversations($search: String) {\n    conversations(search: $search) {\n      ...ConversationFields\n    }\n  }\n": types.ConversationsDocument,
    "\n  query DirectMessages($conversationId: ID!, $before: ID, $limit: Int) {\n    directMessages(conversationId: $conversationId, before: $before, limit: $limit) {\n      hasMore\n      messages {\n        ...DirectMessageFields\n      }\n    }\n  }\n": types.DirectMessagesDocument,
    "\n  mutation OpenConversation($friendId: ID!) {\n    openConversation(friendId: $friendId) {\n      ...ConversationFields\n    }\n  }\n": types.OpenConversationDocument,
    "\n  mutation SendDirectMessage($conversationId: ID!, $content: String!) {\n    sendDirectMessage(conversationId: $conversationId, content: $content) {\n      ...DirectMessageFields\n    }\n  }\n": types.SendDirectMessageDocument,
    "\n  mutation MarkConversationRead($conversationId: ID!) {\n    markConversationRead(conversationId: $conversationId) {\n      id\n      unreadCount\n    }\n  }\n": types.MarkConversationReadDocument,
    "\n  subscription SocialEvents {\n    socialEvents {\n      kind\n      friendshipId\n      conversationId\n      friend {\n        ...FriendFields\n      }\n      message {\n        ...DirectMessageFields\n      }\n    }\n  }\n": types.SocialEventsDocument,
    "\n  query Invitations {\n    invitations {\n      id\n      type\n      email\n      phone\n      status\n      createdAt\n    }\n    referrals {\n      points\n      friendsJoined\n      rewards {\n        id\n        name\n        description\n        required\n        progress\n        unlocked\n      }\n    }\n  }\n": types.InvitationsDocument,
    "\n  mutation GenerateInvitation {\n    generateInvitation(type: \"app\") {\n      token\n    }\n  }\n": types.GenerateInvitationDocument,
    "\n  fragment SentInvitationFields on SentInvitation {\n    previewUrl\n    invitation {\n      id\n    }\n}\n": types.SentInvitationFieldsFragmentDoc,
    "\n  mutation SendEmailInvitation($email: String!) {\n    sendEmailInvitation(email: $email) {\n      ...SentInvitationFields\n    }\n  }\n": types.SendEmailInvitationDocument,
    "\n  mutation SendSmsInvitation($phoneNumber: String!, $message: String) {\n    sendSmsInvitation(phoneNumber: $phoneNumber, message: $message) {\n      ...SentInvitationFields\n    }\n  }\n": types.SendSmsInvitationDocument,
    "\n  fragment VideoJobFields on VideoJob {\n    id\n    prompt\n    duration\n    seconds\n    size\n    status\n    progress\n    error\n    provider\n    model\n    preview\n    sourceFileId\n    sourceVideoId\n    sourceFrameSeconds\n    videoUrl\n    downloadUrl\n    thumbnailUrl\n    createdAt\n  }\n": types.VideoJobFieldsFragmentDoc,
    "\n  fragment PostFields on Post {\n    id\n    videoId\n    slug\n    title\n    description\n    prompt\n    tags\n    duration\n    seconds\n    size\n    videoUrl\n    thumbnailUrl\n    isPublic\n    likes\n    views\n    likedByMe\n    preview\n    mine\n    author {\n      username\n      displayName\n    }\n    createdAt\n    updatedAt\n  }\n": types.PostFieldsFragmentDoc,
    "\n  query VideoJob($id: ID!) {\n    videoJob(id: $id) {\n      ...VideoJobFields\n    }\n  }\n": types.VideoJobDocument,
    "\n  subscription VideoJobUpdates($id: ID!) {\n    videoJobUpdates(id: $id) {\n      ...VideoJobFields\n    }\n  }\n": types.VideoJobUpdatesDocument,
    "\n  query VideoAllowance {\n    allowance(feature: \"videos\") {\n      ...AllowanceFields\n    }\n  }\n": types.VideoAllowanceDocument,
    "\n  mutation GenerateVideo($input: GenerateVideoInput!) {\n    generateVideo(input: $input) {\n      ...VideoJobFields\n    }\n  }\n": types.GenerateVideoDocument,
    "\n  mutation SavePost($input: SavePostInput!) {\n    savePost(input: $input) {\n      ...PostFields\n    }\n  }\n": types.SavePostDocument,
    "\n  mutation UpdatePost($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      ...PostFields\n    }\n  }\n": types.UpdatePostDocument,
    "\n  mutation DeletePost($id: ID!) {\n    deletePost(id: $id)\n  }\n": types.DeletePostDocument,
    "\n  mutation ToggleLike($postId: ID!) {\n    toggleLike(postId: $postId) {\n      id\n      likes\n      likedByMe\n    }\n  }\n": types.ToggleLikeDocument,
    "\n  query MyPosts {\n    myPosts {\n      ...PostFields\n    }\n  }\n": types.MyPostsDocument,
    "\n  fragment RenderEstimateFields on VideoRenderEstimate {\n    duration\n    seconds\n    measured\n  }\n": types.RenderEstimateFieldsFragmentDoc,
    "\n  query VideoOptions {\n    videoOptions {\n      provider\n      preview\n      durations\n      sizes\n      maxHeight\n      renderEstimates {\n        ...RenderEstimateFields\n      }\n    }\n  }\n": types.VideoOptionsDocument,
    "\n  query VideoModels {\n    videoModels {\n      id\n      provider\n      kind\n      model\n      label\n      preview\n      durations\n      sizes\n      aspectRatios\n      audio\n      imageInput\n      promptExpansion\n      maxHeight\n      renderEstimates {\n        ...RenderEstimateFields\n      }\n    }\n  }\n": types.VideoModelsDocument,
    "\n  mutation CancelVideo($id: ID!) {\n    cancelVideo(id: $id) {\n      id\n      status\n      error\n    }\n  }\n": types.CancelVideoDocument,
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
export function graphql(source: "\n  fragment ViewerFields on User {\n    id\n    username\n    email\n    displayName\n    avatar\n    bio\n    points\n    createdAt\n    lastActive\n    emailVerified\n    passwordChangedAt\n  }\n"): (typeof documents)["\n  fragment ViewerFields on User {\n    id\n    username\n    email\n    displayName\n    avatar\n    bio\n    points\n    createdAt\n    lastActive\n    emailVerified\n    passwordChangedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuthPayloadFields on AuthPayload {\n    user {\n      ...ViewerFields\n    }\n    twoFactorRequired\n    methods\n  }\n"): (typeof documents)["\n  fragment AuthPayloadFields on AuthPayload {\n    user {\n      ...ViewerFields\n    }\n    twoFactorRequired\n    methods\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LoginSecondFactor($code: String!) {\n    loginSecondFactor(code: $code) {\n      ...AuthPayloadFields\n    }\n  }\n"): (typeof documents)["\n  mutation LoginSecondFactor($code: String!) {\n    loginSecondFactor(code: $code) {\n      ...AuthPayloadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment UserSettingsFields on UserSettings {\n    darkMode\n    allowNotifications\n    enableSounds\n    enableStreaming\n    memoryEnabled\n}\n"): (typeof documents)["\n  fragment UserSettingsFields on UserSettings {\n    darkMode\n    allowNotifications\n    enableSounds\n    enableStreaming\n    memoryEnabled\n}\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySettings {\n    mySettings {\n      ...UserSettingsFields\n    }\n  }\n"): (typeof documents)["\n  query MySettings {\n    mySettings {\n      ...UserSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSettings($input: UserSettingsInput!) {\n    updateSettings(input: $input) {\n      ...UserSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSettings($input: UserSettingsInput!) {\n    updateSettings(input: $input) {\n      ...UserSettingsFields\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment ChatFields on Chat {\n    id\n    title\n    activeModel\n    mode\n    folderId\n    pinned\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment ChatFields on Chat {\n    id\n    title\n    activeModel\n    mode\n    folderId\n    pinned\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MessageFields on Message {\n    id\n    chatId\n    role\n    content\n    model\n    status\n    error\n    createdAt\n    images\n    parentId\n    siblingIds\n    tokens\n    modelName\n  }\n"): (typeof documents)["\n  fragment MessageFields on Message {\n    id\n    chatId\n    role\n    content\n    model\n    status\n    error\n    createdAt\n    images\n    parentId\n    siblingIds\n    tokens\n    modelName\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Chats($after: String) {\n    chatPage(first: 40, after: $after) {\n      chats {\n        ...ChatFields\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Chats($after: String) {\n    chatPage(first: 40, after: $after) {\n      chats {\n        ...ChatFields\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatView($id: ID!) {\n    chat(id: $id) {\n      ...ChatFields\n    }\n    messagePage(chatId: $id, last: 30) {\n      messages {\n        ...MessageFields\n      }\n      olderCursor\n    }\n  }\n"): (typeof documents)["\n  query ChatView($id: ID!) {\n    chat(id: $id) {\n      ...ChatFields\n    }\n    messagePage(chatId: $id, last: 30) {\n      messages {\n        ...MessageFields\n      }\n      olderCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OlderMessages($chatId: ID!, $before: ID!) {\n    messagePage(chatId: $chatId, last: 30, before: $before) {\n      messages {\n        ...MessageFields\n      }\n      olderCursor\n    }\n  }\n"): (typeof documents)["\n  query OlderMessages($chatId: ID!, $before: ID!) {\n    messagePage(chatId: $chatId, last: 30, before: $before) {\n      messages {\n        ...MessageFields\n      }\n      olderCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AllowanceFields on Allowance {\n    feature\n    plan\n    limit\n    used\n    remaining\n  }\n"): (typeof documents)["\n  fragment AllowanceFields on Allowance {\n    feature\n    plan\n    limit\n    used\n    remaining\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PromptAllowance {\n    allowance(feature: \"prompts\") {\n      ...AllowanceFields\n    }\n  }\n"): (typeof documents)["\n  query PromptAllowance {\n    allowance(feature: \"prompts\") {\n      ...AllowanceFields\n    }\n  }\n"];
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
export function graphql(source: "\n  mutation EditMessage($messageId: ID!, $content: String!) {\n    editMessage(messageId: $messageId, content: $content) {\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation EditMessage($messageId: ID!, $content: String!) {\n    editMessage(messageId: $messageId, content: $content) {\n      userMessage {\n        ...MessageFields\n      }\n      aiMessage {\n        ...MessageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SelectMessageVersion($chatId: ID!, $messageId: ID!) {\n    selectMessageVersion(chatId: $chatId, messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation SelectMessageVersion($chatId: ID!, $messageId: ID!) {\n    selectMessageVersion(chatId: $chatId, messageId: $messageId) {\n      ...MessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AnswerStream($messageId: ID!) {\n    answerStream(messageId: $messageId) {\n      messageId\n      kind\n      offset\n      text\n      status\n      error\n      tokens\n      modelName\n    }\n  }\n"): (typeof documents)["\n  subscription AnswerStream($messageId: ID!) {\n    answerStream(messageId: $messageId) {\n      messageId\n      kind\n      offset\n      text\n      status\n      error\n      tokens\n      modelName\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment ChatFolderFields on ChatFolder {\n    id\n    name\n    position\n  }\n"): (typeof documents)["\n  fragment ChatFolderFields on ChatFolder {\n    id\n    name\n    position\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatFolders {\n    chatFolders {\n      ...ChatFolderFields\n    }\n  }\n"): (typeof documents)["\n  query ChatFolders {\n    chatFolders {\n      ...ChatFolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateChatFolder($name: String!) {\n    createChatFolder(name: $name) {\n      ...ChatFolderFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateChatFolder($name: String!) {\n    createChatFolder(name: $name) {\n      ...ChatFolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameChatFolder($id: ID!, $name: String!) {\n    updateChatFolder(id: $id, input: { name: $name }) {\n      ...ChatFolderFields\n    }\n  }\n"): (typeof documents)["\n  mutation RenameChatFolder($id: ID!, $name: String!) {\n    updateChatFolder(id: $id, input: { name: $name }) {\n      ...ChatFolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteChatFolder($id: ID!) {\n    deleteChatFolder(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteChatFolder($id: ID!) {\n    deleteChatFolder(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveChatToFolder($chatId: ID!, $folderId: ID) {\n    moveChatToFolder(chatId: $chatId, folderId: $folderId) {\n      id\n      folderId\n    }\n  }\n"): (typeof documents)["\n  mutation MoveChatToFolder($chatId: ID!, $folderId: ID) {\n    moveChatToFolder(chatId: $chatId, folderId: $folderId) {\n      id\n      folderId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetChatPinned($chatId: ID!, $pinned: Boolean!) {\n    setChatPinned(chatId: $chatId, pinned: $pinned) {\n      id\n      pinned\n    }\n  }\n"): (typeof documents)["\n  mutation SetChatPinned($chatId: ID!, $pinned: Boolean!) {\n    setChatPinned(chatId: $chatId, pinned: $pinned) {\n      id\n      pinned\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyFiles {\n    files {\n      id\n      name\n      contentType\n      size\n      uploadedAt\n      downloadUrl\n    }\n    storageUsage {\n      plan\n      usedBytes\n      quotaBytes\n      uploadsBytes\n      imagesBytes\n      videosBytes\n      maxUploadBytes\n    }\n  }\n"): (typeof documents)["\n  query MyFiles {\n    files {\n      id\n      name\n      contentType\n      size\n      uploadedAt\n      downloadUrl\n    }\n    storageUsage {\n      plan\n      usedBytes\n      quotaBytes\n      uploadsBytes\n      imagesBytes\n      videosBytes\n      maxUploadBytes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteFile($id: ID!) {\n    deleteFile(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteFile($id: ID!) {\n    deleteFile(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchChats($query: String!, $limit: Int) {\n    search(query: $query, limit: $limit) {\n      chatId\n      chatTitle\n      messageId\n      snippet\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query SearchChats($query: String!, $limit: Int) {\n    search(query: $query, limit: $limit) {\n      chatId\n      chatTitle\n      messageId\n      snippet\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatShareFields on ChatShare {\n    token\n    url\n    title\n    messageCount\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ChatShareFields on ChatShare {\n    token\n    url\n    title\n    messageCount\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatShares($chatId: ID!) {\n    chatShares(chatId: $chatId) {\n      ...ChatShareFields\n    }\n  }\n"): (typeof documents)["\n  query ChatShares($chatId: ID!) {\n    chatShares(chatId: $chatId) {\n      ...ChatShareFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateChatShare($chatId: ID!) {\n    createChatShare(chatId: $chatId) {\n      ...ChatShareFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateChatShare($chatId: ID!) {\n    createChatShare(chatId: $chatId) {\n      ...ChatShareFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeChatShare($token: String!) {\n    revokeChatShare(token: $token)\n  }\n"): (typeof documents)["\n  mutation RevokeChatShare($token: String!) {\n    revokeChatShare(token: $token)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendChatShare($token: String!, $friendId: ID!) {\n    sendChatShare(token: $token, friendId: $friendId) {\n      id\n      conversationId\n    }\n  }\n"): (typeof documents)["\n  mutation SendChatShare($token: String!, $friendId: ID!) {\n    sendChatShare(token: $token, friendId: $friendId) {\n      id\n      conversationId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShareFriends {\n    friends {\n      id\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query ShareFriends {\n    friends {\n      id\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FriendFields on Friend {\n    id\n    username\n    displayName\n    avatar\n    lastActive\n    online\n  }\n"): (typeof documents)["\n  fragment FriendFields on Friend {\n    id\n    username\n    displayName\n    avatar\n    lastActive\n    online\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Friends {\n    friends {\n      ...FriendFields\n    }\n    friendships {\n      id\n      status\n      direction\n      createdAt\n      other {\n        ...FriendFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Friends {\n    friends {\n      ...FriendFields\n    }\n    friendships {\n      id\n      status\n      direction\n      createdAt\n      other {\n        ...FriendFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendFriendRequest($username: String!) {\n    sendFriendRequest(username: $username) {\n      accepted\n      friendship {\n        id\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SendFriendRequest($username: String!) {\n    sendFriendRequest(username: $username) {\n      accepted\n      friendship {\n        id\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptFriendRequest($id: ID!) {\n    acceptFriendRequest(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptFriendRequest($id: ID!) {\n    acceptFriendRequest(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineFriendRequest($id: ID!) {\n    declineFriendRequest(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation DeclineFriendRequest($id: ID!) {\n    declineFriendRequest(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFriend($friendId: ID!) {\n    removeFriend(friendId: $friendId)\n  }\n"): (typeof documents)["\n  mutation RemoveFriend($friendId: ID!) {\n    removeFriend(friendId: $friendId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DirectMessageFields on DirectMessage {\n    id\n    conversationId\n    senderId\n    content\n    createdAt\n    readAt\n  }\n"): (typeof documents)["\n  fragment DirectMessageFields on DirectMessage {\n    id\n    conversationId\n    senderId\n    content\n    createdAt\n    readAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ConversationFields on Conversation {\n    id\n    unreadCount\n    updatedAt\n    participant {\n      ...FriendFields\n    }\n    lastMessage {\n      ...DirectMessageFields\n    }\n}\n"): (typeof documents)["\n  fragment ConversationFields on Conversation {\n    id\n    unreadCount\n    updatedAt\n    participant {\n      ...FriendFields\n    }\n    lastMessage {\n      ...DirectMessageFields\n    }\n}\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Conversations($search: String) {\n    conversations(search: $search) {\n      ...ConversationFields\n    }\n  }\n"): (typeof documents)["\n  query Conversations($search: String) {\n    conversations(search: $search) {\n      ...ConversationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DirectMessages($conversationId: ID!, $before: ID, $limit: Int) {\n    directMessages(conversationId: $conversationId, before: $before, limit: $limit) {\n      hasMore\n      messages {\n        ...DirectMessageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query DirectMessages($conversationId: ID!, $before: ID, $limit: Int) {\n    directMessages(conversationId: $conversationId, before: $before, limit: $limit) {\n      hasMore\n      messages {\n        ...DirectMessageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OpenConversation($friendId: ID!) {\n    openConversation(friendId: $friendId) {\n      ...ConversationFields\n    }\n  }\n"): (typeof documents)["\n  mutation OpenConversation($friendId: ID!) {\n    openConversation(friendId: $friendId) {\n      ...ConversationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendDirectMessage($conversationId: ID!, $content: String!) {\n    sendDirectMessage(conversationId: $conversationId, content: $content) {\n      ...DirectMessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendDirectMessage($conversationId: ID!, $content: String!) {\n    sendDirectMessage(conversationId: $conversationId, content: $content) {\n      ...DirectMessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkConversationRead($conversationId: ID!) {\n    markConversationRead(conversationId: $conversationId) {\n      id\n      unreadCount\n    }\n  }\n"): (typeof documents)["\n  mutation MarkConversationRead($conversationId: ID!) {\n    markConversationRead(conversationId: $conversationId) {\n      id\n      unreadCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SocialEvents {\n    socialEvents {\n      kind\n      friendshipId\n      conversationId\n      friend {\n        ...FriendFields\n      }\n      message {\n        ...DirectMessageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription SocialEvents {\n    socialEvents {\n      kind\n      friendshipId\n      conversationId\n      friend {\n        ...FriendFields\n      }\n      message {\n        ...DirectMessageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Invitations {\n    invitations {\n      id\n      type\n      email\n      phone\n      status\n      createdAt\n    }\n    referrals {\n      points\n      friendsJoined\n      rewards {\n        id\n        name\n        description\n        required\n        progress\n        unlocked\n      }\n    }\n  }\n"): (typeof documents)["\n  query Invitations {\n    invitations {\n      id\n      type\n      email\n      phone\n      status\n      createdAt\n    }\n    referrals {\n      points\n      friendsJoined\n      rewards {\n        id\n        name\n        description\n        required\n        progress\n        unlocked\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateInvitation {\n    generateInvitation(type: \"app\") {\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateInvitation {\n    generateInvitation(type: \"app\") {\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SentInvitationFields on SentInvitation {\n    previewUrl\n    invitation {\n      id\n    }\n}\n"): (typeof documents)["\n  fragment SentInvitationFields on SentInvitation {\n    previewUrl\n    invitation {\n      id\n    }\n}\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendEmailInvitation($email: String!) {\n    sendEmailInvitation(email: $email) {\n      ...SentInvitationFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendEmailInvitation($email: String!) {\n    sendEmailInvitation(email: $email) {\n      ...SentInvitationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendSmsInvitation($phoneNumber: String!, $message: String) {\n    sendSmsInvitation(phoneNumber: $phoneNumber, message: $message) {\n      ...SentInvitationFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendSmsInvitation($phoneNumber: String!, $message: String) {\n    sendSmsInvitation(phoneNumber: $phoneNumber, message: $message) {\n      ...SentInvitationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment VideoJobFields on VideoJob {\n    id\n    prompt\n    duration\n    seconds\n    size\n    status\n    progress\n    error\n    provider\n    model\n    preview\n    sourceFileId\n    sourceVideoId\n    sourceFrameSeconds\n    videoUrl\n    downloadUrl\n    thumbnailUrl\n    createdAt\n  }\n"): (typeof documents)["\n  fragment VideoJobFields on VideoJob {\n    id\n    prompt\n    duration\n    seconds\n    size\n    status\n    progress\n    error\n    provider\n    model\n    preview\n    sourceFileId\n    sourceVideoId\n    sourceFrameSeconds\n    videoUrl\n    downloadUrl\n    thumbnailUrl\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PostFields on Post {\n    id\n    videoId\n    slug\n    title\n    description\n    prompt\n    tags\n    duration\n    seconds\n    size\n    videoUrl\n    thumbnailUrl\n    isPublic\n    likes\n    views\n    likedByMe\n    preview\n    mine\n    author {\n      username\n      displayName\n    }\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment PostFields on Post {\n    id\n    videoId\n    slug\n    title\n    description\n    prompt\n    tags\n    duration\n    seconds\n    size\n    videoUrl\n    thumbnailUrl\n    isPublic\n    likes\n    views\n    likedByMe\n    preview\n    mine\n    author {\n      username\n      displayName\n    }\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VideoJob($id: ID!) {\n    videoJob(id: $id) {\n      ...VideoJobFields\n    }\n  }\n"): (typeof documents)["\n  query VideoJob($id: ID!) {\n    videoJob(id: $id) {\n      ...VideoJobFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription VideoJobUpdates($id: ID!) {\n    videoJobUpdates(id: $id) {\n      ...VideoJobFields\n    }\n  }\n"): (typeof documents)["\n  subscription VideoJobUpdates($id: ID!) {\n    videoJobUpdates(id: $id) {\n      ...VideoJobFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VideoAllowance {\n    allowance(feature: \"videos\") {\n      ...AllowanceFields\n    }\n  }\n"): (typeof documents)["\n  query VideoAllowance {\n    allowance(feature: \"videos\") {\n      ...AllowanceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateVideo($input: GenerateVideoInput!) {\n    generateVideo(input: $input) {\n      ...VideoJobFields\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateVideo($input: GenerateVideoInput!) {\n    generateVideo(input: $input) {\n      ...VideoJobFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SavePost($input: SavePostInput!) {\n    savePost(input: $input) {\n      ...PostFields\n    }\n  }\n"): (typeof documents)["\n  mutation SavePost($input: SavePostInput!) {\n    savePost(input: $input) {\n      ...PostFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePost($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      ...PostFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePost($id: ID!, $input: UpdatePostInput!) {\n    updatePost(id: $id, input: $input) {\n      ...PostFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePost($id: ID!) {\n    deletePost(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeletePost($id: ID!) {\n    deletePost(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ToggleLike($postId: ID!) {\n    toggleLike(postId: $postId) {\n      id\n      likes\n      likedByMe\n    }\n  }\n"): (typeof documents)["\n  mutation ToggleLike($postId: ID!) {\n    toggleLike(postId: $postId) {\n      id\n      likes\n      likedByMe\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPosts {\n    myPosts {\n      ...PostFields\n    }\n  }\n"): (typeof documents)["\n  query MyPosts {\n    myPosts {\n      ...PostFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RenderEstimateFields on VideoRenderEstimate {\n    duration\n    seconds\n    measured\n  }\n"): (typeof documents)["\n  fragment RenderEstimateFields on VideoRenderEstimate {\n    duration\n    seconds\n    measured\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VideoOptions {\n    videoOptions {\n      provider\n      preview\n      durations\n      sizes\n      maxHeight\n      renderEstimates {\n        ...RenderEstimateFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query VideoOptions {\n    videoOptions {\n      provider\n      preview\n      durations\n      sizes\n      maxHeight\n      renderEstimates {\n        ...RenderEstimateFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VideoModels {\n    videoModels {\n      id\n      provider\n      kind\n      model\n      label\n      preview\n      durations\n      sizes\n      aspectRatios\n      audio\n      imageInput\n      promptExpansion\n      maxHeight\n      renderEstimates {\n        ...RenderEstimateFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query VideoModels {\n    videoModels {\n      id\n      provider\n      kind\n      model\n      label\n      preview\n      durations\n      sizes\n      aspectRatios\n      audio\n      imageInput\n      promptExpansion\n      maxHeight\n      renderEstimates {\n        ...RenderEstimateFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelVideo($id: ID!) {\n    cancelVideo(id: $id) {\n      id\n      status\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation CancelVideo($id: ID!) {\n    cancelVideo(id: $id) {\n      id\n      status\n      error\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;