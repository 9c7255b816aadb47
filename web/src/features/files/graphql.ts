import { graphql } from '../../graphql/__generated__';

/** My Files a page at a time: the user's uploads, newest first. */
export const MyFilesQuery = graphql(`
  query MyFiles($after: String) {
    filePage(first: 50, after: $after) {
      files {
        id
        name
        contentType
        size
        uploadedAt
        downloadUrl
        knowledge {
          status
          passages
          error
          progress
        }
      }
      nextCursor
    }
  }
`);

/** What the user's storage holds against the plan's quota (the storage card, the upload limit). */
export const StorageUsageQuery = graphql(`
  query StorageUsage {
    storageUsage {
      plan
      usedBytes
      quotaBytes
      uploadsBytes
      imagesBytes
      videosBytes
      maxUploadBytes
    }
  }
`);

export const DeleteFileMutation = graphql(`
  mutation DeleteFile($id: ID!) {
    deleteFile(id: $id)
  }
`);

/** Reads one of the user's files into passages again (a failed one, or after a better reader). */
export const ReindexFileMutation = graphql(`
  mutation ReindexFile($id: ID!) {
    reindexFile(id: $id) {
      status
      passages
      error
    }
  }
`);
