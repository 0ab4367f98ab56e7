package dev.gale.topology;

import dev.gale.generated.SharedMemory;
import java.util.UUID;

/**
 * A shared memory region held on the heap of the workers that run its components, for {@code addSharedMemory}. Recorded, not
 * scheduled: Gale runs in one JVM. Not thread-safe (a mutable value, as in Storm).
 */
public class SharedOnHeap extends SharedMemory {
    private static final long serialVersionUID = 1L;

    /** A region of {@code amount} MB named {@code name} (a random name if null). */
    public SharedOnHeap(double amount, String name) {
        super(name == null ? UUID.randomUUID().toString() : name);
        set_on_heap(amount);
    }
}
