package dev.gale.flux.model;

/** A {@code workerHooks} entry: an {@code IWorkerHook} to add to the topology. Not thread-safe. */
public class WorkerHookDef extends BeanDef {
}
