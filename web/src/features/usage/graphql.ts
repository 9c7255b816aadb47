import { graphql } from '../../graphql/__generated__';

/** The signed-in person's usage a month (schema/usage.graphql). */
export const UsageQuery = graphql(`
  query Usage($month: String) {
    usage(month: $month) {
      month
      prompts {
        used
        limit
      }
      tokens {
        total
        byAssistant {
          assistant
          name
          tokens
          answers
        }
      }
      videos {
        count
        seconds
      }
      storage {
        bytes
        files
      }
      cost {
        currency
        estimate
        configured
      }
      days {
        date
        prompts
        tokens
        videoSeconds
      }
    }
  }
`);
