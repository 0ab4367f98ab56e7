package dev.gale.topology;

/** Like {@link FailedException}, and the error is also reported for the component. */
public class ReportedFailedException extends FailedException {
    private static final long serialVersionUID = 1L;

    public ReportedFailedException() {
    }

    public ReportedFailedException(String msg) {
        super(msg);
    }

    public ReportedFailedException(String msg, Throwable cause) {
        super(msg, cause);
    }

    public ReportedFailedException(Throwable cause) {
        super(cause);
    }
}
