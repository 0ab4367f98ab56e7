package dev.gale.benchmarks.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The topology benchmarks measure Gale as a user runs it, through the public API and stats; only
 * the collections benchmarks, which measure the engine's own tables, reach into its internals.
 */
@AnalyzeClasses(packages = "dev.gale.benchmarks", importOptions = ImportOption.DoNotIncludeTests.class)
class BenchmarkLayeringTest {

    @ArchTest
    static final ArchRule topologyBenchmarksUsePublicApiOnly = noClasses()
            .that().resideInAPackage("dev.gale.benchmarks..")
            .and().resideOutsideOfPackage("dev.gale.benchmarks.collections..")
            .should().dependOnClassesThat().resideInAPackage("dev.gale.impl..");
}
