import { Fragment } from 'react';

/**
 * A figure with large numbers and small units ('3小时20分钟', '4次'), so a card's value fits a
 * phone's half-width card. The text reads the same as the plain string.
 */
export function Measure({ parts }: { parts: readonly (readonly [number | string, string])[] }) {
  return (
    <>
      {parts.map(([value, unit]) => (
        <Fragment key={unit}>
          {value}
          <span className="mr-1 ml-0.5 text-sm font-medium opacity-70 last:mr-0">{unit}</span>
        </Fragment>
      ))}
    </>
  );
}
