import { useQuery } from '@tanstack/react-query';
import type { Workout, WorkoutInput } from '../domain/schemas/workout';
import { listQueryOptions, resourceMutations } from './resource';

const PATH = '/api/workouts';

export const workoutQueries = {
  path: PATH,
  all: () => listQueryOptions<Workout>(['workouts'], PATH, 'workouts'),
};

const mutations = resourceMutations<Workout, WorkoutInput>(['workouts'], PATH);

export const useWorkouts = () => useQuery(workoutQueries.all());
export const useCreateWorkout = mutations.useCreate;
export const useUpdateWorkout = mutations.useUpdate;
export const useDeleteWorkout = mutations.useDelete;
