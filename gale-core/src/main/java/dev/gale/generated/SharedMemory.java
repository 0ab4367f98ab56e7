package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * A named region of memory shared by the components that declare it ({@code addSharedMemory}), as
 * Storm's resource-aware scheduler accounts for it: on heap, off heap within a worker, or off heap
 * within a node, in MB. Gale schedules nothing: it records the requests in the topology
 * ({@link StormTopology#get_shared_memory()}, {@link StormTopology#get_component_to_shared_memory()}).
 * Not thread-safe (a mutable value, as in Storm).
 */
public class SharedMemory implements Serializable {
    private static final long serialVersionUID = 1L;

    private String name;
    private double on_heap;
    private boolean on_heap_isset;
    private double off_heap_worker;
    private boolean off_heap_worker_isset;
    private double off_heap_node;
    private boolean off_heap_node_isset;

    public SharedMemory() {
    }

    public SharedMemory(String name) {
        this.name = name;
    }

    /** A copy of {@code other}. */
    public SharedMemory(SharedMemory other) {
        this.name = other.name;
        this.on_heap = other.on_heap;
        this.on_heap_isset = other.on_heap_isset;
        this.off_heap_worker = other.off_heap_worker;
        this.off_heap_worker_isset = other.off_heap_worker_isset;
        this.off_heap_node = other.off_heap_node;
        this.off_heap_node_isset = other.off_heap_node_isset;
    }

    public String get_name() {
        return name;
    }

    public void set_name(String name) {
        this.name = name;
    }

    public double get_on_heap() {
        return on_heap;
    }

    public void set_on_heap(double on_heap) {
        this.on_heap = on_heap;
        this.on_heap_isset = true;
    }

    public boolean is_set_on_heap() {
        return on_heap_isset;
    }

    public double get_off_heap_worker() {
        return off_heap_worker;
    }

    public void set_off_heap_worker(double off_heap_worker) {
        this.off_heap_worker = off_heap_worker;
        this.off_heap_worker_isset = true;
    }

    public boolean is_set_off_heap_worker() {
        return off_heap_worker_isset;
    }

    public double get_off_heap_node() {
        return off_heap_node;
    }

    public void set_off_heap_node(double off_heap_node) {
        this.off_heap_node = off_heap_node;
        this.off_heap_node_isset = true;
    }

    public boolean is_set_off_heap_node() {
        return off_heap_node_isset;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SharedMemory s && Objects.equals(name, s.name)
                && on_heap_isset == s.on_heap_isset && on_heap == s.on_heap
                && off_heap_worker_isset == s.off_heap_worker_isset && off_heap_worker == s.off_heap_worker
                && off_heap_node_isset == s.off_heap_node_isset && off_heap_node == s.off_heap_node;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, on_heap, off_heap_worker, off_heap_node);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("SharedMemory(name:").append(name);
        if (on_heap_isset) {
            sb.append(", on_heap:").append(on_heap);
        }
        if (off_heap_worker_isset) {
            sb.append(", off_heap_worker:").append(off_heap_worker);
        }
        if (off_heap_node_isset) {
            sb.append(", off_heap_node:").append(off_heap_node);
        }
        return sb.append(')').toString();
    }
}
