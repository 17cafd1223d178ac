import { configure } from '@testing-library/react';

// Stryker runs the screens on instrumented code, one worker each, beside another worker on two
// shared cores: a screen that renders well within testing-library's 1 s in `npm test` can miss
// it here, and the dry run then refuses to start. A longer wait only slows the mutants that fail
// by never showing what a test waits for.
configure({ asyncUtilTimeout: 5_000 });
