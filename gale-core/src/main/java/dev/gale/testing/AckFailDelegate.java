package dev.gale.testing;

import java.io.Serializable;

/** Told about every ack and fail a {@link FeederSpout} receives. Called on the spout's thread. */
public interface AckFailDelegate extends Serializable {

    void ack(Object id);

    void fail(Object id);
}
