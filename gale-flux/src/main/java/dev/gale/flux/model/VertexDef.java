package dev.gale.flux.model;

/**
 * What spouts and bolts add to a component definition: parallelism (1 when left out), number of
 * tasks and resource hints (-1 when left out). Not thread-safe.
 */
public abstract class VertexDef extends BeanDef {
    private int parallelism = 1;
    private int numTasks = -1;
    private int onHeapMemoryLoad = -1;
    private int offHeapMemoryLoad = -1;
    private int cpuLoad = -1;

    public int getParallelism() {
        return parallelism;
    }

    public void setParallelism(int parallelism) {
        this.parallelism = parallelism;
    }

    public int getNumTasks() {
        return numTasks;
    }

    public void setNumTasks(int numTasks) {
        this.numTasks = numTasks;
    }

    public int getOnHeapMemoryLoad() {
        return onHeapMemoryLoad;
    }

    public void setOnHeapMemoryLoad(int onHeapMemoryLoad) {
        this.onHeapMemoryLoad = onHeapMemoryLoad;
    }

    public int getOffHeapMemoryLoad() {
        return offHeapMemoryLoad;
    }

    public void setOffHeapMemoryLoad(int offHeapMemoryLoad) {
        this.offHeapMemoryLoad = offHeapMemoryLoad;
    }

    public int getCpuLoad() {
        return cpuLoad;
    }

    public void setCpuLoad(int cpuLoad) {
        this.cpuLoad = cpuLoad;
    }
}
