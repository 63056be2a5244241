import { certificationScreens } from './certifications/index.js';
import { listScreens } from './lists/index.js';
import { movieScreens } from './movies/index.js';
import { registerScreens } from './registry.js';
import { searchScreens } from './search/index.js';
import { tvScreens } from './tv/index.js';

/** Every screen of the program, registered once when the UI is loaded. */
registerScreens([...movieScreens, ...tvScreens, ...searchScreens, ...listScreens, ...certificationScreens]);

export { findScreen, screenTitle } from './registry.js';
