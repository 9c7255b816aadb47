import { graphql } from '../../graphql/__generated__';

/** One column of a compare: an answer as written so far, with its numbers (each null when unknown). */
export const CompareAnswerFields = graphql(`
  fragment CompareAnswerFields on Message {
    id
    chatId
    role
    content
    model
    status
    error
    createdAt
    siblingIds
    tokens
    modelName
    ttftMs
    totalMs
    costEstimate
    mergedFrom
  }
`);

export const CompareMutation = graphql(`
  mutation Compare($chatId: ID, $content: String!, $assistants: [ID!]!, $blind: Boolean) {
    compare(chatId: $chatId, content: $content, assistants: $assistants, blind: $blind) {
      chat {
        ...ChatFields
      }
      userMessage {
        ...MessageFields
      }
      answers {
        ...CompareAnswerFields
      }
    }
  }
`);

export const ChooseAnswerMutation = graphql(`
  mutation ChooseAnswer($messageId: ID!) {
    chooseAnswer(messageId: $messageId) {
      ...ChatFields
    }
  }
`);

export const MergeAnswersMutation = graphql(`
  mutation MergeAnswers($messageIds: [ID!]!, $assistant: ID!) {
    mergeAnswers(messageIds: $messageIds, assistant: $assistant) {
      ...MessageFields
      mergedFrom
    }
  }
`);

export const VoteCompareMutation = graphql(`
  mutation VoteCompare($userMessageId: ID!, $winner: ID, $tie: Boolean) {
    voteCompare(userMessageId: $userMessageId, winner: $winner, tie: $tie) {
      id
      winner
      tie
      votedAt
    }
  }
`);

export const CompareTeamsQuery = graphql(`
  query CompareTeams {
    compareTeams {
      id
      name
      assistants
    }
  }
`);

export const SaveCompareTeamMutation = graphql(`
  mutation SaveCompareTeam($name: String!, $assistants: [ID!]!) {
    saveCompareTeam(name: $name, assistants: $assistants) {
      id
      name
      assistants
    }
  }
`);

export const DeleteCompareTeamMutation = graphql(`
  mutation DeleteCompareTeam($id: ID!) {
    deleteCompareTeam(id: $id)
  }
`);

export const LeaderboardQuery = graphql(`
  query Leaderboard($mode: String) {
    myLeaderboard(mode: $mode) {
      assistant
      wins
      losses
      ties
      votes
    }
  }
`);

/**
 * An answer's numbers arrive with it once it is written (the stream ends with its text and
 * tokens only): the compares of the chat's latest page, read again when a column finishes.
 */
export const CompareNumbersQuery = graphql(`
  query CompareNumbers($chatId: ID!) {
    messagePage(chatId: $chatId, last: 30) {
      messages {
        id
        compare {
          id
          answers {
            id
            status
            tokens
            modelName
            ttftMs
            totalMs
            costEstimate
          }
        }
      }
    }
  }
`);
