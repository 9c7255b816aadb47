import { graphql } from '../../graphql/__generated__';

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
    }
  }
`);
