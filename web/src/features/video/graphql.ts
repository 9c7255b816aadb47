import { graphql } from '../../graphql/__generated__';

export const VideoJobFields = graphql(`
  fragment VideoJobFields on VideoJob {
    id
    prompt
    duration
    seconds
    size
    status
    progress
    error
    cancelled
    share
    provider
    model
    preview
    sourceFileId
    sourceVideoId
    sourceFrameSeconds
    videoUrl
    downloadUrl
    thumbnailUrl
    createdAt
  }
`);

export const PostFields = graphql(`
  fragment PostFields on Post {
    id
    videoId
    slug
    title
    description
    prompt
    tags
    duration
    seconds
    size
    videoUrl
    thumbnailUrl
    isPublic
    hiddenReason
    likes
    views
    likedByMe
    preview
    mine
    author {
      username
      displayName
    }
    createdAt
    updatedAt
  }
`);

export const VideoJobQuery = graphql(`
  query VideoJob($id: ID!) {
    videoJob(id: $id) {
      ...VideoJobFields
    }
  }
`);

export const VideoJobUpdatesSubscription = graphql(`
  subscription VideoJobUpdates($id: ID!) {
    videoJobUpdates(id: $id) {
      ...VideoJobFields
    }
  }
`);

export const VideoAllowanceQuery = graphql(`
  query VideoAllowance {
    allowance(feature: "videos") {
      ...AllowanceFields
    }
  }
`);

export const GenerateVideoMutation = graphql(`
  mutation GenerateVideo($input: GenerateVideoInput!) {
    generateVideo(input: $input) {
      ...VideoJobFields
    }
  }
`);

export const SavePostMutation = graphql(`
  mutation SavePost($input: SavePostInput!) {
    savePost(input: $input) {
      ...PostFields
    }
  }
`);

export const UpdatePostMutation = graphql(`
  mutation UpdatePost($id: ID!, $input: UpdatePostInput!) {
    updatePost(id: $id, input: $input) {
      ...PostFields
    }
  }
`);

export const DeletePostMutation = graphql(`
  mutation DeletePost($id: ID!) {
    deletePost(id: $id)
  }
`);

export const ToggleLikeMutation = graphql(`
  mutation ToggleLike($postId: ID!) {
    toggleLike(postId: $postId) {
      id
      likes
      likedByMe
    }
  }
`);

/** One page of My Video Gallery, newest first (search and tag filter on the server). */
export const GalleryQuery = graphql(`
  query Gallery($search: String, $tag: String, $first: Int = 24, $after: String) {
    gallery(search: $search, tag: $tag, first: $first, after: $after) {
      posts {
        ...PostFields
      }
      nextCursor
      total
    }
  }
`);

/** The gallery's tag filter: the tags of the user's videos, most used first. */
export const GalleryTagsQuery = graphql(`
  query GalleryTags {
    galleryTags(first: 50)
  }
`);

/** How long a render of each length took lately (or is expected to), for the time-left estimate. */
export const RenderEstimateFields = graphql(`
  fragment RenderEstimateFields on VideoRenderEstimate {
    duration
    seconds
    measured
  }
`);

/** Every configured video model with what it can make (the dialog's model picker). */
export const VideoModelsQuery = graphql(`
  query VideoModels {
    videoModels {
      id
      provider
      kind
      model
      label
      preview
      durations
      sizes
      aspectRatios
      audio
      imageInput
      promptExpansion
      maxHeight
      renderEstimates {
        ...RenderEstimateFields
      }
    }
  }
`);

export const CancelVideoMutation = graphql(`
  mutation CancelVideo($id: ID!) {
    cancelVideo(id: $id) {
      id
      status
      error
      cancelled
    }
  }
`);

/** Puts away a video that ended without a video, so "In the making" stops showing it. */
export const DismissVideoMutation = graphql(`
  mutation DismissVideo($id: ID!) {
    dismissVideo(id: $id)
  }
`);

/** The user's videos being made, or ended without a video lately (My Video Gallery's "In the making"). */
export const VideosInTheMakingQuery = graphql(`
  query VideosInTheMaking {
    videosInTheMaking {
      ...VideoJobFields
    }
  }
`);

/** Where the dialog's share switch starts: the user's last choice, kept on the server (off at first). */
export const VideoShareChoiceQuery = graphql(`
  query VideoShareChoice {
    mySettings {
      shareVideos
    }
  }
`);
