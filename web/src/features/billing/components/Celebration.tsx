import { Box, Text } from '@chakra-ui/react';
import { keyframes } from '@emotion/react';
import { useT } from '../../../lib/i18n';

const fall = keyframes`
  0% { transform: translateY(-10vh) rotate(0deg); opacity: 1; }
  100% { transform: translateY(105vh) rotate(540deg); opacity: 0.2; }
`;

const PIECES = Array.from({ length: 36 }, (_, i) => ({
  left: (i * 37) % 100,
  delay: (i % 9) * 0.35,
  duration: 3 + (i % 5) * 0.6,
  symbol: ['🎉', '✨', '🎊', '⭐'][i % 4],
}));

/** The 8-second celebration after a successful upgrade (spec §2, §9); still for reduced motion. */
export function Celebration() {
  const t = useT();
  return (
    <Box
      position="fixed"
      inset="0"
      pointerEvents="none"
      zIndex="overlay"
      overflow="hidden"
      data-testid="celebration"
      role="status"
      aria-live="polite"
    >
      <Text srOnly>{t('Upgrade complete. Enjoy your new plan!')}</Text>
      {PIECES.map((piece) => (
        <Box
          key={`${piece.left}-${piece.delay}`}
          aria-hidden="true"
          position="absolute"
          top="0"
          left={`${piece.left}%`}
          fontSize="2xl"
          animation={`${fall} ${piece.duration}s linear ${piece.delay}s infinite`}
          css={{
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', top: `${piece.delay * 20}%` },
          }}
        >
          {piece.symbol}
        </Box>
      ))}
    </Box>
  );
}
