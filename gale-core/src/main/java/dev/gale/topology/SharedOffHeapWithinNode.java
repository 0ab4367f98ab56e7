package dev.gale.topology;

import dev.gale.generated.SharedMemory;
import java.util.UUID;

/**
 * A shared memory region held off heap, once per node, for {@code addSharedMemory}. Recorded, not
 * scheduled: Gale runs in one JVM. Not thread-safe (a mutable value, as in Storm).
 */
public class SharedOffHeapWithinNode extends SharedMemory {
    private static final long serialVersionUID = 1L;

    /** A region of {@code amount} MB named {@code name} (a random name if null). */
    public SharedOffHeapWithinNode(double amount, String name) {
        super(name == null ? UUID.randomUUID().toString() : name);
        set_off_heap_node(amount);
    }
}
