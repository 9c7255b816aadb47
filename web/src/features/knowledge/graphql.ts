import { graphql } from '../../graphql/__generated__';

/** The files the composer's picker offers: names and whether the assistants can read them yet. */
export const PickableFilesQuery = graphql(`
  query PickableFiles($after: String) {
    filePage(first: 50, after: $after) {
      files {
        id
        name
        contentType
        size
        knowledge {
          status
          passages
          error
        }
      }
      nextCursor
    }
  }
`);
