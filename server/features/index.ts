import type { AppContext, Feature } from '../http/feature.ts';
import { createHealthFeature } from './health/index.ts';

/**
 * The list of features, in the order their middleware and routes are mounted. Each feature folder
 * exposes one `createXFeature(ctx, deps)`; cross-feature needs are wired here, never by imports
 * between feature internals.
 */
export async function createFeatures(ctx: AppContext): Promise<Feature[]> {
  const features: Feature[] = [];
  const describeAll = () => Object.assign({}, ...features.map((f) => f.describe?.() ?? {}));
  features.push(createHealthFeature(ctx, describeAll));
  return features;
}
