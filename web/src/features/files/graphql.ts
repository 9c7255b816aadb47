import { graphql } from '../../graphql/__generated__';

/** My Files a page at a time: the user's uploads, newest first; with folderId, one folder's. */
export const MyFilesQuery = graphql(`
  query MyFiles($after: String, $folderId: ID) {
    filePage(first: 50, after: $after, folderId: $folderId) {
      files {
        id
        name
        contentType
        size
        uploadedAt
        downloadUrl
        folderId
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

export const FileFolderFields = graphql(`
  fragment FileFolderFields on FileFolder {
    id
    name
    fileCount
  }
`);

/** The user's My Files folders by name, each with how many files it holds. */
export const FileFoldersQuery = graphql(`
  query FileFolders {
    fileFolders {
      ...FileFolderFields
    }
  }
`);

export const CreateFileFolderMutation = graphql(`
  mutation CreateFileFolder($name: String!) {
    createFileFolder(name: $name) {
      ...FileFolderFields
    }
  }
`);

export const RenameFileFolderMutation = graphql(`
  mutation RenameFileFolder($id: ID!, $name: String!) {
    renameFileFolder(id: $id, name: $name) {
      ...FileFolderFields
    }
  }
`);

export const DeleteFileFolderMutation = graphql(`
  mutation DeleteFileFolder($id: ID!) {
    deleteFileFolder(id: $id)
  }
`);

export const MoveFileToFolderMutation = graphql(`
  mutation MoveFileToFolder($fileId: ID!, $folderId: ID) {
    moveFileToFolder(fileId: $fileId, folderId: $folderId) {
      id
      folderId
    }
  }
`);

/**
 * The files of one folder the chat's picker attaches (features/knowledge FilesPickerDialog): the
 * newest 100, the largest page; a folder with more says so. Its fields are those My Files reads
 * (MyFilesQuery), so writing them to the cache replaces nothing the list shows.
 */
export const FolderFilesQuery = graphql(`
  query FolderFiles($folderId: ID!) {
    filePage(first: 100, folderId: $folderId) {
      files {
        id
        name
        folderId
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
