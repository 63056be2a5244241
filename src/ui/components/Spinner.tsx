import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { useTheme } from '../theme.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const INTERVAL_MS = 120;

/** A small spinner with a label, drawn inside the panel that is loading. */
export function Spinner({ label }: { label: string }) {
  const theme = useTheme();
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text>
      <Text color={theme.accent}>{FRAMES[frame]}</Text> {label}
    </Text>
  );
}
