import { strykerConfig } from './vitest.stryker.config';

// The domain's mutation run (stryker.domain.config.mjs): the unit project alone.
export default strykerConfig('domain');
