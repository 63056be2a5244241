import { Text, render } from 'ink';
import React from 'react';

/**
 * The start-up and memory baseline: the smallest Ink program, bundled like dist/marquee.js.
 * Whatever Marquee costs beyond this is Marquee's own.
 */
render(<Text>Marquee start-up baseline</Text>);

// Ink holds the event loop open only while it reads stdin; this keeps the process alive so its
// memory can be read once it is idle. The benchmark ends it.
setInterval(() => undefined, 60_000);
