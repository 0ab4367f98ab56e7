package dev.gale.storm.bridge.kill;

import dev.gale.spout.FailureAware;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;

/**
 * A durable source for the kill tests: the ids 0..total-1 as ("id", "value") tuples, value
 * "value-&lt;id&gt;", message id = the id. Each ack is appended to {@code acked.log} and written
 * through before the next call (a SIGKILL loses no ack the spout was told of), so a restarted
 * spout skips what was acked and emits the rest again: at least once across crashes. Failed ids
 * are emitted again; each failure's reason is appended to {@code failed.log}. Runs with one task.
 * Not thread-safe, like any spout: the engine calls it on one thread.
 */
public class LedgerSpout extends BaseRichSpout implements FailureAware {
    private static final long serialVersionUID = 1L;

    private final String dir;
    private final int total;
    private transient SpoutOutputCollector collector;
    private transient Deque<Long> toEmit;
    private transient Writer acked;
    private transient Writer failed;

    public LedgerSpout(Path dir, int total) {
        this.dir = dir.toString();
        this.total = total;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        Path ledger = Path.of(dir);
        Set<Long> done = Ledger.acked(ledger);
        toEmit = new ArrayDeque<>();
        for (long id = 0; id < total; id++) {
            if (!done.contains(id)) {
                toEmit.add(id);
            }
        }
        try {
            Files.createDirectories(ledger);
            acked = Files.newBufferedWriter(ledger.resolve(Ledger.ACKED), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            failed = Files.newBufferedWriter(ledger.resolve(Ledger.FAILED), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            // A line a kill cut short must not glue onto the first id of this run.
            acked.write("\n");
            acked.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void nextTuple() {
        Long id = toEmit.poll();
        if (id != null) {
            collector.emit(new Values(id, "value-" + id), id);
        }
    }

    @Override
    public void ack(Object msgId) {
        write(acked, msgId + ";\n");
    }

    @Override
    public void fail(Object msgId) {
        toEmit.add((Long) msgId);
    }

    @Override
    public void fail(Object msgId, FailureInfo info) {
        write(failed, msgId + ": " + info + "\n");
        fail(msgId);
    }

    @Override
    public void close() {
        try {
            acked.close();
            failed.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("id", "value"));
    }

    private static void write(Writer writer, String line) {
        try {
            writer.write(line);
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
