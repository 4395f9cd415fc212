export { defineJob, runnableJob, type JobDefinition, type RunnableJob } from "./define";
export { cancelJobs, enqueue, type EnqueueOptions, type JobKind } from "./enqueue";
export { createJobRunner, type JobRunner, type JobRunnerOptions } from "./runner";
export { defaultBackoff, PermanentJobError, type JobContext, type JobOptions } from "./types";
