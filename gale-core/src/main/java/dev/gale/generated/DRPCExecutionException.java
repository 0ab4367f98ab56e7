package dev.gale.generated;

/**
 * A DRPC request that did not return a result: the topology failed it, it timed out, or the DRPC
 * server shut down ({@link #get_type()}). Unchecked, like Gale's other {@code generated} exceptions.
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public class DRPCExecutionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private String msg;
    private DRPCExceptionType type;

    public DRPCExecutionException() {
        super();
    }

    public DRPCExecutionException(String msg) {
        super(msg);
        this.msg = msg;
    }

    /** Gale: with its type. */
    public DRPCExecutionException(String msg, DRPCExceptionType type) {
        this(msg);
        this.type = type;
    }

    public String get_msg() {
        return msg;
    }

    public void set_msg(String msg) {
        this.msg = msg;
    }

    /** Why the request failed; null if not given. */
    public DRPCExceptionType get_type() {
        return type;
    }

    public void set_type(DRPCExceptionType type) {
        this.type = type;
    }

    public boolean is_set_type() {
        return type != null;
    }

    @Override
    public String getMessage() {
        return msg;
    }
}
