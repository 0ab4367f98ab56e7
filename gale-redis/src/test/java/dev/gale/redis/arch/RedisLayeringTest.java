package dev.gale.redis.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The Redis state provider uses the engine through gale-core's public API only, as every module
 * but gale-core does (gale-cli's ModuleLayeringTest checks the modules it depends on; this module
 * is not among them, so it checks itself). An empty selection fails the rule (ArchUnit's default),
 * so renaming the package cannot silence it.
 */
@AnalyzeClasses(packages = "dev.gale.redis", importOptions = ImportOption.DoNotIncludeTests.class)
class RedisLayeringTest {

    @ArchTest
    static final ArchRule redisStaysOffTheEngineInternals = noClasses()
            .that().resideInAPackage("dev.gale.redis..")
            .should().dependOnClassesThat().resideInAPackage("dev.gale.impl..");
}
