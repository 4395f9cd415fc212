export { cancelJobs, enqueueJob, type EnqueueOptions } from "./enqueue";
export { createJobRunner, type JobRunner, type JobRunnerOptions } from "./runner";
export { defaultBackoff, PermanentJobError, type JobContext, type JobHandler } from "./types";
