package dev.gale.topology;

/**
 * Storm's resource hints for a component (memory in MB on and off heap, CPU in percent of a
 * core), used by Storm's resource-aware scheduler. The embedded engine schedules nothing: it
 * records the hints in the component's configuration under Storm's keys and otherwise ignores
 * them. Storm's {@code addSharedMemory} is not offered. Not thread-safe, like the declarers.
 */
public interface ResourceDeclarer<T extends ResourceDeclarer<T>> {

    /** Records {@link dev.gale.Config#TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB}; null changes nothing. */
    T setMemoryLoad(Number onHeap);

    /** Records the on-heap and off-heap memory hints; a null one is left unchanged. */
    T setMemoryLoad(Number onHeap, Number offHeap);

    /** Records {@link dev.gale.Config#TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT}; null changes nothing. */
    T setCPULoad(Number amount);
}
