import { graphql } from '../../graphql/__generated__';

/** What Chorus remembers about the signed-in user, newest first (Settings > Privacy). */
export const MemoriesQuery = graphql(`
  query Memories {
    memories {
      id
      content
      createdAt
    }
  }
`);

export const DeleteMemoryMutation = graphql(`
  mutation DeleteMemory($id: ID!) {
    deleteMemory(id: $id)
  }
`);
