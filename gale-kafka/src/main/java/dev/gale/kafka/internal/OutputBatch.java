package dev.gale.kafka.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The records a transactional sink task wrote in one checkpoint transaction, kept in the task's
 * checkpointed state so that a transaction the checkpoints committed can be written again if Kafka
 * never saw its commit (a crash between the two). The records are packed into one byte array, so
 * that the state holds one compact value, not one Java object per record. Immutable; thread-safe.
 *
 * @param lineage the identity of the state this batch belongs to (a new state starts a new one)
 * @param txid the checkpoint transaction the records belong to
 * @param packed the records, see {@link #pack} (empty array: none)
 */
public record OutputBatch(String lineage, long txid, byte[] packed) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** One record to write: its topic, and its key and value as serialized (either may be null). */
    public record Item(String topic, byte[] key, byte[] value) {
    }

    /** A batch of {@code items}. */
    public static OutputBatch of(String lineage, long txid, List<Item> items) {
        return new OutputBatch(lineage, txid, pack(items));
    }

    /** Whether it holds no record. */
    public boolean isEmpty() {
        return packed.length == 0;
    }

    /** The records, in the order they were written. */
    public List<Item> items() {
        if (packed.length == 0) {
            return Collections.emptyList();
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(packed))) {
            int n = in.readInt();
            List<Item> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(new Item(in.readUTF(), readBytes(in), readBytes(in)));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("a sink batch of txid " + txid + " is corrupt", e);
        }
    }

    private static byte[] pack(List<Item> items) {
        if (items.isEmpty()) {
            return new byte[0];
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(items.size());
            for (Item item : items) {
                out.writeUTF(item.topic());
                writeBytes(out, item.key());
                writeBytes(out, item.value());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not throw
        }
        return bytes.toByteArray();
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        if (b == null) {
            out.writeInt(-1);
        } else {
            out.writeInt(b.length);
            out.write(b);
        }
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }
}
