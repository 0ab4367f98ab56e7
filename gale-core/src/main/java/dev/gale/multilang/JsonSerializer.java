package dev.gale.multilang;

import dev.gale.Config;
import dev.gale.task.TopologyContext;
import dev.gale.utils.ConfigValues;
import dev.gale.utils.Json;
import dev.gale.utils.ShellResources;
import dev.gale.utils.Utils;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Storm's multilang wire format, which {@code storm.py}, {@code storm.js} and {@code storm.rb}
 * speak: each message one JSON value followed by a line holding only {@code end}, in UTF-8.
 *
 * <p>A message longer than {@code gale.multilang.message.max.bytes} (16 MiB unless set) is refused
 * once that many bytes of it are read, with an {@link IOException} naming the key, without reading
 * the rest: a subprocess that writes without end cannot fill the heap.
 *
 * <p>One instance per subprocess; see {@link ISerializer} for the threads that use it.
 */
public class JsonSerializer implements ISerializer {
    private static final long serialVersionUID = 1L;
    private static final String END = "end";
    /** What {@code gale.multilang.message.max.bytes} defaults to. */
    public static final int DEFAULT_MESSAGE_MAX_BYTES = 16 * 1024 * 1024;

    private transient BufferedWriter processIn;
    private transient BoundedLineReader processOut;
    private transient long maxMessageBytes;

    @Override
    public void initialize(OutputStream processIn, InputStream processOut) {
        this.processIn = new BufferedWriter(new OutputStreamWriter(processIn, StandardCharsets.UTF_8));
        this.processOut = new BoundedLineReader(processOut);
        this.maxMessageBytes = DEFAULT_MESSAGE_MAX_BYTES;
    }

    @Override
    public Number connect(Map<String, Object> conf, TopologyContext context) throws IOException, NoOutputException {
        maxMessageBytes = ConfigValues.getPositiveInt(conf, Config.GALE_MULTILANG_MESSAGE_MAX_BYTES,
                DEFAULT_MESSAGE_MAX_BYTES);
        Map<String, Object> setup = new LinkedHashMap<>();
        setup.put("pidDir", ShellResources.pidDir().toString());
        setup.put("conf", conf);
        setup.put("context", ContextJson.of(context));
        write(setup);
        Object reply = read();
        if (!(reply instanceof Map<?, ?> m) || !(m.get("pid") instanceof Number pid)) {
            throw new IOException("the subprocess answered the handshake with " + Json.write(reply)
                    + " instead of its pid, {\"pid\": 1234}");
        }
        return pid;
    }

    @Override
    public void writeBoltMsg(BoltMsg msg) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", msg.getId());
        m.put("comp", msg.getComp());
        m.put("stream", msg.getStream());
        m.put("task", msg.getTask());
        m.put("tuple", msg.getTuple());
        write(m);
    }

    @Override
    public void writeSpoutMsg(SpoutMsg msg) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("command", msg.getCommand());
        m.put("id", msg.getId());
        write(m);
    }

    @Override
    public void writeTaskIds(List<Integer> taskIds) throws IOException {
        write(taskIds);
    }

    private void write(Object msg) throws IOException {
        StringBuilder sb = new StringBuilder(128);
        Json.write(msg, sb);
        sb.append('\n').append(END).append('\n');
        processIn.write(sb.toString());
        processIn.flush();
    }

    @Override
    public ShellMsg readShellMsg() throws IOException, NoOutputException {
        Object read = read();
        if (!(read instanceof Map<?, ?> msg)) {
            throw new IOException("expected a command object from the subprocess, got " + Json.write(read));
        }
        ShellMsg shellMsg = new ShellMsg();
        Object command = msg.get("command");
        if (!(command instanceof String)) {
            throw new IOException("a message from the subprocess has no \"command\": " + Json.write(msg));
        }
        shellMsg.setCommand((String) command);
        shellMsg.setId(msg.get("id"));
        Object text = msg.get("msg");
        shellMsg.setMsg(text == null ? null : String.valueOf(text));
        Object stream = msg.get("stream");
        shellMsg.setStream(stream == null ? Utils.DEFAULT_STREAM_ID : String.valueOf(stream));
        Object task = msg.get("task");
        shellMsg.setTask(task instanceof Number n ? n.longValue() : 0);
        shellMsg.setNeedTaskIds(!Boolean.FALSE.equals(msg.get("need_task_ids")));
        Object tuple = msg.get("tuple");
        if (tuple != null && !(tuple instanceof List)) {
            throw new IOException("\"tuple\" must be a list of values: " + Json.write(msg));
        }
        @SuppressWarnings("unchecked")
        List<Object> values = (List<Object>) tuple;
        shellMsg.setTuple(values);
        Object anchors = msg.get("anchors");
        if (anchors instanceof List<?> list) {
            for (Object a : list) {
                shellMsg.addAnchor(String.valueOf(a));
            }
        } else if (anchors != null) {
            shellMsg.addAnchor(String.valueOf(anchors));
        }
        if (msg.get("name") instanceof String name) {
            shellMsg.setMetricName(name);
        }
        shellMsg.setMetricParams(msg.get("params"));
        if ("log".equals(command) && msg.get("level") instanceof Number level) {
            shellMsg.setLogLevel(level.intValue());
        }
        return shellMsg;
    }

    private Object read() throws IOException, NoOutputException {
        StringBuilder text = new StringBuilder();
        long left = maxMessageBytes;
        while (true) {
            String line;
            try {
                line = processOut.readLine(Math.max(left, END.length()));
            } catch (BoundedLineReader.LineTooLongException e) {
                throw new IOException("the subprocess wrote a message longer than " + maxMessageBytes + " bytes ("
                        + Config.GALE_MULTILANG_MESSAGE_MAX_BYTES + "); stopped reading it", e);
            }
            if (line == null) {
                throw new NoOutputException("the pipe from the subprocess closed"
                        + (text.length() == 0 ? "" : " in the middle of a message: " + head(text)));
            }
            if (line.equals(END)) {
                break;
            }
            left -= processOut.lastLineBytes() + 1L;
            if (text.length() > 0) {
                text.append('\n');
            }
            text.append(line);
        }
        try {
            return Json.parse(text.toString());
        } catch (IllegalArgumentException e) {
            throw new IOException("the subprocess wrote something that is " + e.getMessage(), e);
        }
    }

    /** The start of a partial message, for an error report. */
    private static String head(CharSequence text) {
        return text.length() <= 500 ? text.toString() : text.subSequence(0, 500) + "...";
    }
}
