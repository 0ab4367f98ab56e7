package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * A DRPC request as a topology's DRPC spout fetches it: the function's arguments and the request's
 * id (empty when no request is waiting). Not thread-safe (a mutable value, as in Storm).
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public class DRPCRequest implements Serializable {
    private static final long serialVersionUID = 1L;

    private String func_args;
    private String request_id;

    public DRPCRequest() {
    }

    public DRPCRequest(String func_args, String request_id) {
        this.func_args = func_args;
        this.request_id = request_id;
    }

    public String get_func_args() {
        return func_args;
    }

    public void set_func_args(String func_args) {
        this.func_args = func_args;
    }

    public String get_request_id() {
        return request_id;
    }

    public void set_request_id(String request_id) {
        this.request_id = request_id;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DRPCRequest r && Objects.equals(func_args, r.func_args) && Objects.equals(request_id, r.request_id);
    }

    @Override
    public int hashCode() {
        return Objects.hash(func_args, request_id);
    }

    @Override
    public String toString() {
        return "DRPCRequest(func_args:" + func_args + ", request_id:" + request_id + ")";
    }
}
