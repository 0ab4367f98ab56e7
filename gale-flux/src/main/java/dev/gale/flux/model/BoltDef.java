package dev.gale.flux.model;

/** A {@code bolts} entry. Not thread-safe. */
public class BoltDef extends VertexDef {
}
