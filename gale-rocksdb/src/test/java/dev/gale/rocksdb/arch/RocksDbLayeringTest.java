package dev.gale.rocksdb.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The RocksDB state provider uses the engine through gale-core's public API only, as every module
 * but gale-core does (gale-cli's ModuleLayeringTest checks the modules it depends on; this module
 * is not among them, so it checks itself). An empty selection fails the rule (ArchUnit's default),
 * so renaming the package cannot silence it.
 */
@AnalyzeClasses(packages = "dev.gale.rocksdb", importOptions = ImportOption.DoNotIncludeTests.class)
class RocksDbLayeringTest {

    @ArchTest
    static final ArchRule rocksDbStaysOffTheEngineInternals = noClasses()
            .that().resideInAPackage("dev.gale.rocksdb..")
            .should().dependOnClassesThat().resideInAPackage("dev.gale.impl..");
}
