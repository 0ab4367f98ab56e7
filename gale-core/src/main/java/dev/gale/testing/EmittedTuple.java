package dev.gale.testing;

import dev.gale.tuple.Tuple;
import java.util.List;

/**
 * One emit a bolt made under {@link BoltTester}: the stream, the values, the input tuples it was
 * anchored to, and the task named by an emitDirect (else null). Immutable.
 */
public record EmittedTuple(String streamId, List<Object> values, List<Tuple> anchors, Integer directTask) {
}
