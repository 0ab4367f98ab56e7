package dev.gale.impl.executor;

import dev.gale.tuple.Tuple;

/**
 * Where a basic bolt's collector finds the input its emits are anchored to: the tuple the
 * executor is running now. Read on the executor's thread only.
 */
interface InputSource {

    /** The tuple being executed now; between calls, the last one or null. */
    Tuple currentInput();
}
