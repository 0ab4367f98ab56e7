package dev.gale.topology;

import dev.gale.generated.SharedMemory;

/**
 * Storm's resource hints for a component (memory in MB on and off heap, CPU in percent of a
 * core, shared memory regions), used by Storm's resource-aware scheduler. The embedded engine
 * schedules nothing: it records the hints in the component's configuration under Storm's keys
 * (and the generic resources map, {@code topology.component.resources.map}), and shared memory in
 * the topology ({@code StormTopology.get_shared_memory()}), and otherwise ignores them. Not
 * thread-safe, like the declarers.
 */
public interface ResourceDeclarer<T extends ResourceDeclarer<T>> {

    /** Records {@link dev.gale.Config#TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB}; null changes nothing. */
    T setMemoryLoad(Number onHeap);

    /** Records the on-heap and off-heap memory hints; a null one is left unchanged. */
    T setMemoryLoad(Number onHeap, Number offHeap);

    /** Records {@link dev.gale.Config#TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT}; null changes nothing. */
    @SuppressWarnings("checkstyle:AbbreviationAsWordInName")
    T setCPULoad(Number amount);

    /**
     * Records that the component uses a shared memory region ({@link SharedOnHeap},
     * {@link SharedOffHeapWithinWorker}, {@link SharedOffHeapWithinNode}).
     *
     * @throws IllegalArgumentException if another, different region of the same name was declared
     */
    T addSharedMemory(SharedMemory request);
}
