package dev.gale.cli.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Every module but gale-core uses the engine through its public API only: nothing in the
 * connectors, Flux, the UI, the examples, the Storm adapter and its cluster or the command
 * reaches into {@code dev.gale.impl}, which gale-core does not export. (gale-cli depends on all of them, so the rule lives here.)
 * The modules gale-cli does not depend on check the same rule themselves: gale-redis's
 * RedisLayeringTest, gale-rocksdb's RocksDbLayeringTest and gale-benchmarks' BenchmarkLayeringTest.
 */
@AnalyzeClasses(packages = {"dev.gale.cli", "dev.gale.flux", "dev.gale.kafka", "dev.gale.ui", "dev.gale.examples", "dev.gale.storm"},
        importOptions = ImportOption.DoNotIncludeTests.class)
class ModuleLayeringTest {

    @ArchTest
    static final ArchRule modulesStayOffTheEngineInternals = noClasses()
            .that().resideInAnyPackage("dev.gale.cli..", "dev.gale.flux..", "dev.gale.kafka..", "dev.gale.ui..",
                    "dev.gale.examples..", "dev.gale.storm..")
            .should().dependOnClassesThat().resideInAPackage("dev.gale.impl..");
}
