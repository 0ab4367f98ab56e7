package dev.gale.flux.model;

/** A {@code spouts} entry. Not thread-safe. */
public class SpoutDef extends VertexDef {
}
