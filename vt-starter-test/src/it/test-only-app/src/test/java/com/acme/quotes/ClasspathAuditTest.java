package com.acme.quotes;

import io.github.vtstarter.archunit.ClasspathAudit;
import io.github.vtstarter.archunit.VirtualThreadRules;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The class path audit over this test class path: the jars of Boot's web stack ranked, vt-starter-test left out. */
class ClasspathAuditTest {

	@Test
	void theAuditLeavesOutVtStarterTest() {
		ClasspathAudit audit = VirtualThreadRules.auditClasspath(Runtime.version().feature());
		System.out.println(audit.report(1));
		assertThat(audit.getLeftOut()).singleElement().asString().startsWith("vt-starter-test ");
		assertThat(audit.getJars()).noneMatch((jar) -> jar.name().startsWith("vt-starter"));
		assertThat(audit.getJars()).anyMatch((jar) -> jar.name().equals("tomcat-embed-core"));
	}

}
