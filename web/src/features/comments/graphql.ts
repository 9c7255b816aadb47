import { graphql } from '../../graphql/__generated__';

/**
 * What the open video page follows live (the rest of the comments go over REST: commentsApi.ts).
 * The comment comes as the subscriber sees it; null when it was deleted or is out of their view.
 */
export const CommentsChangedSubscription = graphql(`
  subscription CommentsChanged($postId: ID!) {
    commentsChanged(postId: $postId) {
      postId
      kind
      commentId
      parentId
      comment {
        id
        postId
        parentId
        body
        author {
          username
          displayName
          avatar
        }
        createdAt
        editedAt
        edited
        hidden
        canEdit
        canDelete
        replies {
          id
          postId
          parentId
          body
          author {
            username
            displayName
            avatar
          }
          createdAt
          editedAt
          edited
          hidden
          canEdit
          canDelete
        }
      }
    }
  }
`);
