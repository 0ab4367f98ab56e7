package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * The tasks an executor runs: {@code task_start} to {@code task_end}, inclusive.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class ExecutorInfo implements Serializable {
    private static final long serialVersionUID = 1L;

    private int task_start;
    private int task_end;

    public ExecutorInfo() {
    }

    public ExecutorInfo(int task_start, int task_end) {
        this.task_start = task_start;
        this.task_end = task_end;
    }

    public int get_task_start() {
        return task_start;
    }

    public void set_task_start(int task_start) {
        this.task_start = task_start;
    }

    public int get_task_end() {
        return task_end;
    }

    public void set_task_end(int task_end) {
        this.task_end = task_end;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExecutorInfo other)) {
            return false;
        }
        return Objects.equals(task_start, other.task_start)
                && Objects.equals(task_end, other.task_end);
    }

    @Override
    public int hashCode() {
        return Objects.hash(task_start, task_end);
    }

    @Override
    public String toString() {
        return "ExecutorInfo(" + "task_start:" + task_start + ", task_end:" + task_end + ")";
    }
}
