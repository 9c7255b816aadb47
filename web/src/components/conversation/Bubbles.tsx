import { Box, type BoxProps, Image, type ImageProps, Link, type LinkProps } from '@chakra-ui/react';

/*
 * The bubbles (and image thumbnails) of a conversation, drawn alike in the chat and on a shared chat's page: the
 * callers add only what their bubble states (sending, streaming, the width of a typing indicator).
 */

/**
 * A prompt: on the right in the accent colour, its text as typed (line breaks kept), in its own
 * direction (`dir="auto"`: Arabic or Hebrew reads right to left whatever the page's direction).
 */
export function PromptBubble(props: BoxProps) {
  return (
    <Box
      dir="auto"
      maxW={{ base: '88%', md: '75%' }}
      bg="colorPalette.solid"
      color="colorPalette.contrast"
      px="4"
      py="2.5"
      rounded="2xl"
      roundedBottomRight="sm"
      whiteSpace="pre-wrap"
      wordBreak="break-word"
      {...props}
    />
  );
}

/** An answer: muted, edged on its reading side in the colour of the assistant that wrote it. */
export function AnswerBubble({ edgeColor, ...props }: BoxProps & { edgeColor: string }) {
  return (
    <Box
      bg="bg.muted"
      borderStartWidth="3px"
      borderStartColor={edgeColor}
      px="4"
      py="2.5"
      rounded="xl"
      {...props}
    />
  );
}

/** An image sent with a prompt, as a thumbnail that opens the full picture in a new tab. */
export function ImageThumbLink({
  src,
  alt,
  openLabel,
  linkProps,
  ...imageProps
}: ImageProps & { src: string; alt: string; openLabel: string; linkProps?: LinkProps }) {
  return (
    <Link
      href={src}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={openLabel}
      rounded="lg"
      overflow="hidden"
      borderWidth="1px"
      {...linkProps}
    >
      <Image src={src} alt={alt} boxSize={{ base: '20', md: '24' }} objectFit="cover" {...imageProps} />
    </Link>
  );
}
