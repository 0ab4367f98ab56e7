package dev.gale.multilang;

import dev.gale.task.TopologyContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The wire format between a shell component and its subprocess ({@code topology.multilang.serializer};
 * {@link JsonSerializer} by default, which Storm's multilang libraries speak).
 *
 * <p>An instance serves one subprocess. Gale calls {@link #connect} and then {@link #readShellMsg}
 * from one reading thread, and the write methods from the component's executor thread, never two
 * writes at once; an implementation needs no locking beyond that.
 */
public interface ISerializer extends Serializable {

    /** Binds to the subprocess's standard input ({@code processIn}) and output ({@code processOut}). */
    void initialize(OutputStream processIn, InputStream processOut);

    /**
     * Sends the setup information (configuration, pid directory, context) and returns the pid the
     * subprocess answers with.
     */
    Number connect(Map<String, Object> conf, TopologyContext context) throws IOException, NoOutputException;

    /** Blocks for the next message of the subprocess. */
    ShellMsg readShellMsg() throws IOException, NoOutputException;

    void writeBoltMsg(BoltMsg msg) throws IOException;

    void writeSpoutMsg(SpoutMsg msg) throws IOException;

    /** The tasks an emit went to, in answer to the emit. */
    void writeTaskIds(List<Integer> taskIds) throws IOException;
}
