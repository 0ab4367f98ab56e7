/**
 * What gale-storm's adapter costs without a cluster, run by {@code bench/adapter-overhead.sh}:
 * {@link dev.gale.benchmarks.stormadapter.AdapterOverhead} (the reliable word count on Storm's
 * in-process {@code LocalCluster}, written against Gale's API and against Storm's, in alternating
 * runs) and {@link dev.gale.benchmarks.stormadapter.AdapterHotPath} (the adapter's own work per
 * tree on one thread). Storm's server classes are not on this module's class path at run time:
 * the script adds gale-storm-cluster's daemon class path. Never run by the test command.
 */
package dev.gale.benchmarks.stormadapter;
