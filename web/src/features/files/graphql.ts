import { graphql } from '../../graphql/__generated__';

/** My Files: the user's uploads (newest first) and what their storage holds against the plan's quota. */
export const MyFilesQuery = graphql(`
  query MyFiles {
    files {
      id
      name
      contentType
      size
      uploadedAt
      downloadUrl
    }
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
